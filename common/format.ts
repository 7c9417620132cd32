/**
 * Numbers and ordering without Intl, for the pages and the texts and lists they share with the
 * server (the server's public listings come in the order the client sorts them in). A page's
 * first use of Intl (toLocaleString, localeCompare, Intl.NumberFormat) loads ICU's locale data:
 * 30-150 ms of main thread in Debian's Chromium here, four times that on Lighthouse's slowed
 * phone, and a noticeable pause on a real low-end one. The home page used it for the migration
 * counts before anything else did (docs/adr/0042-small-first-load.md).
 */

/** 1234567 → "1,234,567": what `toLocaleString('en-US')` gives for a whole number (the UI is English). */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/** Orders strings by their UTF-16 code units (ISO timestamps, ids), as `<` does. */
export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The word for `n` tokens: 'token' for one, else 'tokens'. */
export const tokenUnit = (n: number): string => (n === 1 ? 'token' : 'tokens');

/** A number of tokens in words: '1 token', '15 tokens'. */
export const tokenCount = (n: number): string => `${n} ${tokenUnit(n)}`;

/** A number of votes in words: '1 vote', '1,204 votes'. */
export const voteCount = (n: number): string => `${formatCount(n)} ${n === 1 ? 'vote' : 'votes'}`;

/** A dollar amount, rounded to cents: '$49.00', '$1,250.50' (pages, mail, certificates, refusals). */
export function formatUsd(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const text = `$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
  return amount < 0 && cents > 0 ? `-${text}` : text;
}

/** Items as a sentence lists them: 'a', 'a and b', 'a, b and c'. */
export const listInWords = (items: readonly string[]): string => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
