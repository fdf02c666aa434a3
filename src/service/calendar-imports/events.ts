/**
 * A fetched calendar's events as the blackouts they become: each VEVENT (and each occurrence of
 * a recurring one, 90 days back to two years ahead) whose status is not CANCELLED. Whole-day
 * events (DATE values) block their days in the shop's zone; timed ones their instants.
 * Anything that is not a calendar, or not a whole one (structure.ts), throws, so the old
 * blackouts stay.
 * @module
 */
import ical, { type VEvent } from 'node-ical';
import type { PlainDate } from '../../shared/plain-date.ts';
import { startOfDayInZone } from '../../shared/zones.ts';
import type { ImportedEvent } from './queries.ts';
import { assertWholeCalendar } from './structure.ts';

/** The most events one import turns into blackouts. */
export const MAX_EVENTS = 5000;
const DAY_MS = 86_400_000;

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'val' in value) return String((value as { val: unknown }).val);
  return '';
}

/** The local calendar day of a node-ical DATE value (a Date at the process's local midnight). */
function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Parses `body` and answers its events within the window around `now` (ms). */
export function importedEvents(body: string, tz: string, now: number): ImportedEvent[] {
  if (!/BEGIN:VCALENDAR/i.test(body)) throw new Error('the address did not answer a calendar (no BEGIN:VCALENDAR)');
  assertWholeCalendar(body);
  const parsed = ical.sync.parseICS(body);
  const from = new Date(now - 90 * DAY_MS);
  const to = new Date(now + 730 * DAY_MS);
  const events: ImportedEvent[] = [];
  const seen = new Set<string>();
  const add = (uid: string, title: string, start: Date, end: Date | undefined, dateOnly: boolean) => {
    // One blackout per UID: a feed repeating one is read by its first event.
    if (seen.has(uid)) return;
    seen.add(uid);
    if (events.length >= MAX_EVENTS) throw new Error(`the calendar has more than ${MAX_EVENTS} events`);
    if (dateOnly) {
      const first = dayOf(start);
      const after = end && end.getTime() > start.getTime() ? dayOf(end) : nextDay(first);
      const startsAt = startOfDayInZone(first as PlainDate, tz);
      const finishesAt = startOfDayInZone(after as PlainDate, tz);
      if (finishesAt > startsAt && finishesAt > from && startsAt < to)
        events.push({ uid, title, starts_at: startsAt, finishes_at: finishesAt, all_day: 1 });
      return;
    }
    if (!end || end.getTime() <= start.getTime() || end <= from || start >= to) return;
    events.push({ uid, title, starts_at: start, finishes_at: end, all_day: 0 });
  };
  for (const component of Object.values(parsed)) {
    if (component?.type !== 'VEVENT') continue;
    const event = component as VEvent;
    if (!event.start || !event.uid || event.status === 'CANCELLED') continue;
    const dateOnly = event.datetype === 'date';
    const title = `Imported: ${text(event.summary) || 'busy'}`.slice(0, 200);
    if (!event.rrule) {
      add(event.uid, title, event.start, event.end, dateOnly);
      continue;
    }
    const length = event.end ? event.end.getTime() - event.start.getTime() : dateOnly ? DAY_MS : 0;
    const excluded = new Set(Object.keys(event.exdate ?? {}));
    for (const start of event.rrule.between(from, to, true).slice(0, MAX_EVENTS)) {
      const key = dateOnly ? dayOf(start) : start.toISOString();
      if (excluded.has(key)) continue;
      add(`${event.uid}#${key}`, title, start, new Date(start.getTime() + length), dateOnly);
    }
  }
  return events;
}
