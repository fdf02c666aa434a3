// What counts as a whole calendar before an import is applied (issue 38 point 4): node-ical reads
// a cut-off file without complaint, so the import checks its BEGIN and END lines itself.
import { describe, expect, it } from 'vitest';
import { assertWholeCalendar } from '../../../src/service/calendar-imports/structure.ts';

const whole = [
  '\uFEFFBEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:a',
  'DESCRIPTION:a folded line whose continuation',
  ' BEGIN:VEVENT is text, not a component',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'END:VALARM',
  'END:VEVENT',
  'end:vcalendar',
  '',
  '',
];

describe('a calendar import’s check that the file arrived whole', () => {
  it('accepts nested components, folded lines, a BOM, any case, LF or CRLF line ends and trailing blank lines', () => {
    expect(() => assertWholeCalendar(whole.join('\r\n'))).not.toThrow();
    expect(() => assertWholeCalendar(whole.join('\n'))).not.toThrow();
  });

  it('names the component left open, an END without its BEGIN, and a file that stops before END:VCALENDAR', () => {
    const without = (line: string) => whole.filter((text) => text !== line).join('\r\n');
    expect(() => assertWholeCalendar(without('END:VALARM'))).toThrow(
      'the calendar is cut short or malformed: BEGIN:VALARM has no END:VALARM (line 7)',
    );
    expect(() => assertWholeCalendar(without('BEGIN:VEVENT'))).toThrow(
      'the calendar is cut short or malformed: END:VEVENT at line 9 has no BEGIN:VEVENT',
    );
    expect(() => assertWholeCalendar(without('end:vcalendar'))).toThrow('it does not end with END:VCALENDAR');
    expect(() => assertWholeCalendar(`${whole.join('\r\n')}X-AFTER:1\r\n`)).toThrow(
      'it does not end with END:VCALENDAR',
    );
  });
});
