/** CSV for the CMS reports (RFC 4180), safe to open in a spreadsheet. */

export type CsvValue = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet read a text cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: numbers and booleans as they are; text starting like a formula gets a leading `'`
 * (so =HYPERLINK(...) stays text); a cell with a comma, quote or line break is quoted, quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated. */
export const csvRow = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(',')}\r\n`;
