const utf8 = new TextEncoder();
/** A UTF-16 surrogate without its pair: not text, and not storable as an id. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Firestore document ids: well-formed text (no lone surrogates) of at most 1500 bytes, no '/',
 * not '.' or '..', not reserved '__x__'. Anything else Firestore refuses with an error.
 */
export const isDocId = (s: string) =>
  s.length > 0 &&
  s.length <= 700 &&
  !LONE_SURROGATE.test(s) &&
  utf8.encode(s).length <= 1500 &&
  !s.includes('/') &&
  s !== '.' &&
  s !== '..' &&
  !/^__.*__$/.test(s);
