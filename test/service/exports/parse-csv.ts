/**
 * A strict RFC 4180 reader for the export's tests: records end in CRLF, a quoted field may hold
 * commas, doubled quotes and line breaks; a stray quote or a bare line ending is an error.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('an unterminated quoted field');
        if (text[i] === '"' && text[i + 1] === '"') (cell += '"'), (i += 2);
        else if (text[i] === '"') {
          i++;
          break;
        } else cell += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
        cell += text[i++];
      }
    }
    record.push(cell);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else if (i < text.length) throw new Error(`a field ends with ${JSON.stringify(text[i])} at ${i}, not , or CRLF`);
  }
  if (record.length) throw new Error('the last record does not end in CRLF');
  return records;
}
