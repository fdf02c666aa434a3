// The export's CSV cells: RFC 4180 quoting and the neutralised formulas (src/service/exports/csv.ts).
import { describe, expect, it } from 'vitest';
import { csvRecords, neutralised } from '../../../src/service/exports/csv.ts';
import { parseCsv } from './parse-csv.ts';

describe('the export’s CSV', () => {
  it('writes a cell a spreadsheet would run as a formula with a leading apostrophe, and leaves the others', () => {
    for (const formula of ['=1+1', '+61 400 000 000', '-2', '@SUM(A1:A9)', '\tx', '\rx'])
      expect(neutralised(formula)).toBe(`'${formula}`);
    for (const plain of ['Ada', '', ' =not at the start', "'quoted", '1-2', 'a@b.example'])
      expect(neutralised(plain)).toBe(plain);
  });

  it('quotes what RFC 4180 asks (commas, quotes, CR, LF), ends every record in CRLF, and reads back as written', () => {
    const rows = [
      ['plain', 'a,b', 'say "hi"', 'one\ntwo', 'one\rtwo', 'one\r\ntwo', ''],
      ['Zoë', '東京', '=cmd', '', ' padded ', 'x', 'y'],
    ];
    const text = csvRecords(rows);
    expect(text.startsWith('plain,"a,b","say ""hi""","one\ntwo","one\rtwo","one\r\ntwo",\r\nZoë,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([rows[0], ['Zoë', '東京', "'=cmd", '', ' padded ', 'x', 'y']]);
    expect(csvRecords([])).toBe('');
  });
});
