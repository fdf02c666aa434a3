/**
 * What each posted item holds, as a period in the shop's zone: whole days for a variant booked
 * by days, one slot or (for a `units` variant) up to `max_slots` consecutive slots for a
 * variant booked by times of day (SLOTS.md §2). Every item that names its time in the wrong
 * shape for its variant, or a time that is not a slot, is named in one 422, with the nearest
 * slots, before anything is judged or written.
 * @module
 */
import type { Schedule } from '../../shared/schedule.ts';
import { addDays } from '../../shared/plain-date.ts';
import { parseLocalDateTime } from '../../shared/zones.ts';
import { dayPeriod, timedPeriod } from '../availability/period.ts';
import type { Period, VariantRules } from '../availability/types.ts';
import { InvalidError } from '../shared/errors.ts';
import { slotPeriodOf } from '../slots/slot-period.ts';
import type { HoldItemInput, ItemTime } from './schemas.ts';

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

function slotPeriod(item: HoldItemInput, schedule: Schedule, tz: string): ItemPeriod | Problem {
  if ('day' in item.start) {
    return [
      'start',
      'must name a slot: a local "YYYY-MM-DD HH:MM" or a UTC instant (this variant is booked by times of day)',
    ];
  }
  const startAt = instantOf(item.start, tz);
  if (startAt === undefined) return ['start', `does not exist in ${tz} (skipped by a daylight-saving change)`];
  if (item.finish !== undefined && 'day' in item.finish) {
    return ['finish', 'must be a local "YYYY-MM-DD HH:MM" or a UTC instant like start'];
  }
  const finishAt = item.finish === undefined ? undefined : instantOf(item.finish, tz);
  if (item.finish !== undefined && finishAt === undefined) {
    return ['finish', `does not exist in ${tz} (skipped by a daylight-saving change)`];
  }
  const found = slotPeriodOf(schedule, tz, startAt, finishAt);
  if ('problem' in found) return [found.field, found.problem];
  return { period: timedPeriod(found.startsAt, found.finishesAt, tz), allDay: false };
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
