/**
 * What each posted item holds, as a period in the shop's zone: whole days for a variant booked
 * by days, one slot or (for a `units` variant) up to `max_slots` consecutive slots for a
 * variant booked by times of day (SLOTS.md §2). Every item that names its time in the wrong
 * shape for its variant, or a time that is not a slot, is named in one 422, with the nearest
 * slots, before anything is judged or written.
 * @module
 */
import type { Schedule, Slot } from '../../shared/schedule.ts';
import { addDays } from '../../shared/plain-date.ts';
import { localDateTime, parseLocalDateTime, toIsoUtc } from '../../shared/zones.ts';
import { dayPeriod, timedPeriod } from '../availability/period.ts';
import type { Period, VariantRules } from '../availability/types.ts';
import { InvalidError } from '../shared/errors.ts';
import { findSlot, nearestSlots, slotDate, slotsOn } from '../slots/generate.ts';
import type { HoldItemInput, ItemTime } from './schemas.ts';
import { MAX_ITEM_DAYS } from './schemas.ts';

/** An item's period, and whether it is whole days (`all_day`). */
export interface ItemPeriod {
  period: Period;
  allDay: boolean;
}

type Problem = [field: 'start' | 'finish', message: string];

/** The periods of `items` (unknown variants are read as days, or as the instants they name). */
export function itemPeriods(
  items: readonly HoldItemInput[],
  rules: ReadonlyMap<number, VariantRules>,
  tz: string,
): ItemPeriod[] {
  const fields: Record<string, string[]> = {};
  const periods = items.map((item, i) => {
    const schedule = rules.get(item.externalId)?.schedule ?? null;
    const found = schedule ? slotPeriod(item, schedule, tz) : dayItemPeriod(item, tz, rules.has(item.externalId));
    if (Array.isArray(found)) {
      const [field, message] = found;
      fields[`items[${i}].${field}`] = [message];
      return undefined;
    }
    return found;
  });
  if (Object.keys(fields).length > 0) throw new InvalidError(fields);
  return periods as ItemPeriod[];
}

function dayItemPeriod(item: HoldItemInput, tz: string, known: boolean): ItemPeriod | Problem {
  if (!('day' in item.start)) {
    if (known) return ['start', 'must be a date YYYY-MM-DD: this variant is booked by days'];
    // An unknown variant is a 409 (unknown_variant) whatever it names: keep the instants asked for.
    const startAt = instantOf(item.start, tz);
    if (startAt === undefined)
      return ['start', 'does not exist in the shop’s zone (skipped by a daylight-saving change)'];
    const finishAt = item.finish && !('day' in item.finish) ? instantOf(item.finish, tz) : undefined;
    return { period: timedPeriod(startAt, Math.max(finishAt ?? 0, startAt + 60_000), tz), allDay: false };
  }
  const finish =
    item.finish === undefined ? addDays(item.start.day, 1) : 'day' in item.finish ? item.finish.day : undefined;
  if (finish === undefined) return ['finish', 'must be a date YYYY-MM-DD like start'];
  return { period: dayPeriod(item.start.day, finish, tz), allDay: true };
}

function instantOf(time: Exclude<ItemTime, { day: unknown }>, tz: string): number | undefined {
  if ('instant' in time) return time.instant;
  const parsed = parseLocalDateTime(time.local, tz);
  return 'instant' in parsed ? parsed.instant.getTime() : undefined;
}

/** `YYYY-MM-DD HH:MM` (UTC instant) of a slot, as a message names it. */
function named(slot: Slot, tz: string): string {
  return `${localDateTime(slot.startsAt, tz).replace('T', ' ')} (${toIsoUtc(slot.startsAt)})`;
}

function slotPeriod(item: HoldItemInput, schedule: Schedule, tz: string): ItemPeriod | Problem {
  if ('day' in item.start) {
    return [
      'start',
      'must name a slot: a local "YYYY-MM-DD HH:MM" or a UTC instant (this variant is booked by times of day)',
    ];
  }
  const startAt = instantOf(item.start, tz);
  if (startAt === undefined) return ['start', `does not exist in ${tz} (skipped by a daylight-saving change)`];
  const first = findSlot(schedule, tz, startAt);
  if (!first) {
    const near = nearestSlots(schedule, tz, startAt).map((s) => named(s, tz));
    const nearest = near.length > 0 ? `; the nearest: ${near.join(', ')}` : '; it has no slot within a day of it';
    return ['start', `is not a slot of this variant (invalid_duration)${nearest}`];
  }
  if (item.finish === undefined) return { period: timedPeriod(first.startsAt, first.finishesAt, tz), allDay: false };
  if ('day' in item.finish) return ['finish', 'must be a local "YYYY-MM-DD HH:MM" or a UTC instant like start'];
  const finishAt = instantOf(item.finish, tz);
  const chain = consecutiveSlots(schedule, tz, first);
  const last = chain.find((s) => s.finishesAt === finishAt);
  if (last) return { period: timedPeriod(first.startsAt, last.finishesAt, tz), allDay: false };
  const ends = chain.map((s) => localDateTime(s.finishesAt, tz).replace('T', ' ')).join(', ');
  const what =
    schedule.counting === 'seats'
      ? 'a seat is held for its slot only'
      : `at most ${schedule.max_slots} consecutive slots`;
  return ['finish', `must be the finish of the slot or of a consecutive one (${what}): ${ends}; or omit it`];
}

/** `first` and the slots that follow it without a gap, up to `max_slots` (1 for seats). */
function consecutiveSlots(schedule: Schedule, tz: string, first: Slot): Slot[] {
  const most = schedule.counting === 'units' ? schedule.max_slots : 1;
  const date = slotDate(first.startsAt, tz);
  // A run may continue past midnight (an interval ending 24:00 and the next day's from 00:00).
  const days = Math.min(MAX_ITEM_DAYS, Math.ceil((most * schedule.duration_minutes) / 1440) + 1);
  const later = Array.from({ length: days }, (_, d) => slotsOn(schedule, tz, addDays(date, d))).flat();
  const chain = [first];
  for (const slot of later) {
    if (chain.length >= most) break;
    if (slot.startsAt === chain[chain.length - 1]!.finishesAt) chain.push(slot);
  }
  return chain;
}

const DAY = 86_400_000;

/**
 * Instants surely covering every posted item, before the variants (and so how each reads its
 * times) are known: the blackouts of this span are read with the rules, and each item is judged
 * on those overlapping it. A day reaches at most 14 hours either side of its UTC midnight; a
 * slot without a finish lasts at most a day.
 */
export function postedSpan(items: readonly HoldItemInput[]): Pick<Period, 'startAt' | 'finishAt'> {
  let startAt = Number.POSITIVE_INFINITY;
  let finishAt = Number.NEGATIVE_INFINITY;
  const at = (time: ItemTime) =>
    'day' in time
      ? Date.parse(`${time.day}T00:00:00Z`)
      : 'instant' in time
        ? time.instant
        : Date.parse(`${time.local.replace(' ', 'T')}:00Z`);
  for (const item of items) {
    const start = at(item.start);
    const finish = item.finish ? at(item.finish) : start + DAY;
    startAt = Math.min(startAt, start - DAY);
    finishAt = Math.max(finishAt, finish + 2 * DAY);
  }
  return { startAt, finishAt };
}
