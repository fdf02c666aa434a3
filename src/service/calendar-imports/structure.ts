/**
 * Whether a fetched calendar arrived whole, checked before node-ical reads it. node-ical is
 * lenient: a file cut off inside an event loses that event and every one after it, and one
 * without END:VCALENDAR reads as complete, so a download that stopped halfway would be synced as
 * a feed whose later events were removed, deleting their blackouts and opening days booked
 * elsewhere. A file whose BEGIN and END lines do not pair up, or that does not end with
 * END:VCALENDAR, is a failed fetch instead (the runner keeps the blackouts and records why).
 * @module
 */

/** A BEGIN or END line, unfolded lines aside (a continuation starts with a space or tab). */
const DELIMITER = /^(BEGIN|END):([A-Za-z0-9-]+)[ \t]*$/i;

/** Throws, naming what is missing, unless `body`'s components are balanced and it ends with END:VCALENDAR. */
export function assertWholeCalendar(body: string): void {
  const lines = body.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const open: Array<{ name: string; line: number }> = [];
  const incomplete = (what: string) => new Error(`the calendar is cut short or malformed: ${what}`);
  lines.forEach((text, index) => {
    const match = DELIMITER.exec(text);
    if (!match) return;
    const name = match[2]!.toUpperCase();
    if (match[1]!.toUpperCase() === 'BEGIN') {
      open.push({ name, line: index + 1 });
      return;
    }
    if (!open.some((component) => component.name === name))
      throw incomplete(`END:${name} at line ${index + 1} has no BEGIN:${name}`);
    // An END of a component opened earlier: the one opened last was never closed.
    const top = open.pop()!;
    if (top.name !== name) throw incomplete(`BEGIN:${top.name} has no END:${top.name} (line ${top.line})`);
  });
  const unclosed = open.at(-1);
  if (unclosed && unclosed.name !== 'VCALENDAR')
    throw incomplete(`BEGIN:${unclosed.name} has no END:${unclosed.name} (line ${unclosed.line})`);
  const last = lines.findLast((text) => text.trim() !== '');
  if (unclosed || !last || !/^END:VCALENDAR[ \t]*$/i.test(last)) throw incomplete('it does not end with END:VCALENDAR');
}
