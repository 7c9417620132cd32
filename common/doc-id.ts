const utf8 = new TextEncoder();
/** A UTF-16 surrogate without its pair: not text, and not storable as an id. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `s` holds a UTF-16 surrogate without its pair (JSON can carry one as "\ud800"). */
export const hasLoneSurrogate = (s: string) => LONE_SURROGATE.test(s);

/** `s` with each lone surrogate replaced by U+FFFD, as String.prototype.toWellFormed (ES2024) does. */
export const toWellFormed = (s: string) => s.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD');

/**
 * Firestore document ids: well-formed text (no lone surrogates) of at most 1500 bytes, no '/',
 * not '.' or '..', not reserved '__x__'. Anything else Firestore refuses with an error.
 */
export const isDocId = (s: string) =>
  s.length > 0 &&
  s.length <= 700 &&
  !hasLoneSurrogate(s) &&
  utf8.encode(s).length <= 1500 &&
  !s.includes('/') &&
  s !== '.' &&
  s !== '..' &&
  !/^__.*__$/.test(s);
