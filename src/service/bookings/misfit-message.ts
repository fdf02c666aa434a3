/**
 * What does not fit, in words a shopkeeper reads (issue 30: "each change refused in words when
 * it would oversell"): "Only 1 Double kayak is left on Sat 5 Dec 2026 (2 asked)". One sentence
 * per item that does not fit, the shop's days (or, for a slot variant, its local times), and
 * "Nothing was changed." The 409's `details.items` keeps the numbers for programs.
 * @module
 */
import type { VariantRules } from '../availability/types.ts';
import type { Period } from '../availability/types.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import type { ItemStatus } from '../../shared/status.ts';
import { localDateTime } from '../../shared/zones.ts';

/** One item that does not fit, as judged. */
export interface Misfit {
  externalId: number;
  variant: VariantRules | undefined;
  quantity: number;
  quantityAvailable: number;
  status: ItemStatus;
}

const DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Sat 5 Dec 2026" for a plain day. */
export function dayInWords(day: PlainDate): string {
  return DAY.format(new Date(`${day}T00:00:00Z`)).replace(',', '');
}

/** When the period is: "on Sat 5 Dec 2026", "from Thu 10 Dec 2026 to Fri 11 Dec 2026", or with the times of a slot. */
export function periodInWords(period: Period, tz: string, timed: boolean): string {
  if (timed) {
    const start = localDateTime(new Date(period.startAt), tz);
    const finish = localDateTime(new Date(period.finishAt), tz);
    const startDay = start.slice(0, 10) as PlainDate;
    const sameDay = startDay === finish.slice(0, 10);
    return sameDay
      ? `on ${dayInWords(startDay)} from ${start.slice(11, 16)} to ${finish.slice(11, 16)}`
      : `from ${dayInWords(startDay)} ${start.slice(11, 16)} to ${dayInWords(finish.slice(0, 10) as PlainDate)} ${finish.slice(11, 16)}`;
  }
  const lastDay = addDays(period.finishDay, -1);
  return lastDay === period.startDay
    ? `on ${dayInWords(period.startDay)}`
    : `from ${dayInWords(period.startDay)} to ${dayInWords(lastDay)}`;
}

/** The name a shopkeeper knows the variant by: its title, or its product's for Shopify's "Default Title". */
function nameOf(v: VariantRules): string {
  return v.title && v.title !== 'Default Title' ? v.title : v.productTitle;
}

/** One sentence for one misfit. */
function sentence(m: Misfit, period: Period, tz: string): string {
  const v = m.variant;
  if (!v) return `There is no variant ${m.externalId} in this shop`;
  const when = periodInWords(period, tz, v.schedule !== null);
  const name = nameOf(v);
  if (m.status === 'blacked_out') return `${name} is closed ${when} (a blackout)`;
  if (m.status !== 'sold_out') return `${name} cannot be booked ${when} (${m.status})`;
  if (m.quantityAvailable === 0) return `No ${name} is left ${when} (${m.quantity} asked)`;
  const verb = m.quantityAvailable === 1 ? 'is' : 'are';
  return `Only ${m.quantityAvailable} ${name} ${verb} left ${when} (${m.quantity} asked)`;
}

/** The 409's message: each misfit's sentence, then `outcome` ("Nothing was changed."). */
export function misfitMessage(
  misfits: readonly Misfit[],
  period: Period,
  tz: string,
  outcome = 'Nothing was changed.',
): string {
  return `${misfits.map((m) => sentence(m, period, tz)).join('; ')}. ${outcome}`;
}
