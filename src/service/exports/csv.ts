/**
 * CSV as spreadsheets read it: RFC 4180 quoting by `csv-stringify` (a field holding a comma, a
 * quote or a line break is quoted, quotes doubled, records end in CRLF), a UTF-8 byte order
 * mark first so Excel reads the text as UTF-8, and cells that a spreadsheet would run as a
 * formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) written with a
 * leading apostrophe (OWASP's "CSV injection" advice): a customer's name can never run code
 * on the merchant's computer, at the price of `'+61 400 000 000` for such a phone number.
 * @module
 */
import { stringify } from 'csv-stringify/sync';

/** The byte order mark that starts the file. */
export const BOM = '\uFEFF';

const FORMULA = /^[=+\-@\t\r]/;

/** `cell` as it is safe to hand to a spreadsheet: a would-be formula gets a leading apostrophe. */
export function neutralised(cell: string): string {
  return FORMULA.test(cell) ? `'${cell}` : cell;
}

/** `rows` as CSV records, every cell neutralised and quoted where RFC 4180 needs it, each ending in CRLF. */
export function csvRecords(rows: ReadonlyArray<readonly string[]>): string {
  if (rows.length === 0) return '';
  return stringify(
    rows.map((row) => row.map(neutralised)),
    // csv-stringify quotes a field holding the record delimiter (CRLF), not a lone CR or LF.
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}
