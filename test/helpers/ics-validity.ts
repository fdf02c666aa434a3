/**
 * An iCalendar validator for the tests: what RFC 5545 requires of a calendar and what Google,
 * Apple and Outlook calendars rely on when they import or subscribe. The text is parsed by
 * ical.js (Mozilla's parser, Thunderbird's; strict: it throws on malformed content lines), then
 * checked: CRLF line ends and lines of at most 75 octets (folded), VERSION 2.0 and PRODID, each
 * event's UID (unique), DTSTAMP (in UTC, with its Z, as RFC 5545 §3.8.7.2 requires) and DTSTART,
 * DTEND after DTSTART, every TZID an event names defined by a VTIMEZONE in the file (Outlook
 * reads zones only from there), an event from midnight to midnight written as DATE days (as
 * times, calendars show a whole day as an event across two days' grids), and in a scheduling
 * message (METHOD:REQUEST or CANCEL, RFC 5546 §3.2.2, §3.2.5) an ORGANIZER and an ATTENDEE with
 * mailto: addresses (without them a calendar cannot match a cancellation to the event it
 * added). Returns the problems found, [] when there are none, so a failing test names each one.
 */
import ICAL from 'ical.js';

/** The problems of `text` as an iCalendar file; [] when it is valid. */
export function icsProblems(text: string): string[] {
  const problems: string[] = [];
  const lines = text.split('\r\n');
  if (lines.at(-1) !== '') problems.push('the file does not end with CRLF');
  lines.forEach((line, n) => {
    if (line.includes('\n') || line.includes('\r')) problems.push(`line ${n + 1} has a bare LF or CR`);
    if (Buffer.byteLength(line, 'utf8') > 75) problems.push(`line ${n + 1} is longer than 75 octets`);
  });
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text));
  } catch (error) {
    return [...problems, `ical.js cannot parse it: ${(error as Error).message}`];
  }
  if (calendar.name !== 'vcalendar') problems.push(`the top component is ${calendar.name}, not VCALENDAR`);
  if (calendar.getFirstPropertyValue('version') !== '2.0') problems.push('VERSION is not 2.0');
  if (!calendar.getFirstPropertyValue('prodid')) problems.push('PRODID is missing');
  const zones = new Set(
    calendar.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid') ?? '')),
  );
  const uids = new Set<string>();
  const method = String(calendar.getFirstPropertyValue('method') ?? '').toUpperCase();
  for (const event of calendar.getAllSubcomponents('vevent')) {
    const uid = String(event.getFirstPropertyValue('uid') ?? '');
    const name = uid || 'an event';
    if (!uid) problems.push('an event has no UID');
    else if (uids.has(uid)) problems.push(`UID ${uid} is used twice`);
    uids.add(uid);
    const stamp = event.getFirstPropertyValue('dtstamp') as ICAL.Time | null;
    if (!stamp) problems.push(`${name} has no DTSTAMP`);
    else if (stamp.isDate || !stamp.toString().endsWith('Z')) problems.push(`${name}'s DTSTAMP is not in UTC (no Z)`);
    if (method === 'REQUEST' || method === 'CANCEL') {
      const mailto = (property: string) =>
        event.getAllProperties(property).some((p) => /^mailto:[^@\s]+@[^@\s]+$/i.test(String(p.getFirstValue())));
      if (!mailto('organizer')) problems.push(`${name} has no ORGANIZER with a mailto: address (METHOD:${method})`);
      if (!mailto('attendee')) problems.push(`${name} has no ATTENDEE with a mailto: address (METHOD:${method})`);
    }
    const start = event.getFirstProperty('dtstart');
    if (!start) {
      problems.push(`${name} has no DTSTART`);
      continue;
    }
    for (const property of ['dtstart', 'dtend'] as const) {
      const tzid = event.getFirstProperty(property)?.getParameter('tzid');
      if (typeof tzid === 'string' && !zones.has(tzid))
        problems.push(`${name}'s ${property} names ${tzid}, no VTIMEZONE`);
    }
    const end = event.getFirstProperty('dtend');
    if (end) {
      const [from, to] = [instantOf(calendar, event, 'dtstart'), instantOf(calendar, event, 'dtend')];
      if (!(to > from)) problems.push(`${name} ends at or before its start`);
      const midnight = (time: ICAL.Time) => !time.isDate && time.hour === 0 && time.minute === 0 && time.second === 0;
      if (midnight(start.getFirstValue() as ICAL.Time) && midnight(end.getFirstValue() as ICAL.Time))
        problems.push(`${name} runs from midnight to midnight as times, not as VALUE=DATE days`);
    }
  }
  return problems;
}

/**
 * The instant (epoch ms) of an event's DTSTART or DTEND, read through the VTIMEZONE the file
 * itself carries (as Outlook does), not through a zone database: a wrong VTIMEZONE shows.
 */
export function instantOf(calendar: ICAL.Component, event: ICAL.Component, property: 'dtstart' | 'dtend'): number {
  const time = event.getFirstPropertyValue(property) as ICAL.Time;
  const tzid = event.getFirstProperty(property)?.getParameter('tzid');
  if (typeof tzid === 'string') {
    const zone = calendar.getAllSubcomponents('vtimezone').find((z) => z.getFirstPropertyValue('tzid') === tzid);
    if (zone) {
      const copy = time.clone();
      copy.zone = new ICAL.Timezone(zone);
      return copy.toUnixTime() * 1000;
    }
  }
  return time.toUnixTime() * 1000;
}

/** The events of `text` as ical.js components, with the calendar they belong to. */
export function icsEvents(text: string): { calendar: ICAL.Component; events: ICAL.Component[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}
