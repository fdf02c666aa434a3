/**
 * What a hold asks of shared resources (RESOURCES.md §2), as data for `resource_judgement`
 * (db/migrations/035-resource-judgement.sql), which alone counts units and assigns. Here only the
 * rules that need no count narrow each pool: a member's weekly hours (a time of day needs them
 * to cover the whole slot; a day needs hours on each of its days), its blackouts, and the
 * shopper's pick. A slot's instants are widened by its schedule's buffers, as the variant's own
 * count widens them.
 * @module
 */
import { WEEKDAYS } from '../../shared/schedule.ts';
import { dayOfWeek, eachDay } from '../../shared/plain-date.ts';
import { localDateTime, startOfDayInZone, toIsoUtc } from '../../shared/zones.ts';
import type { Assigned, Demand, PoolMember, Requirement, RequirementRow } from './types.ts';
import { InvalidError } from '../shared/errors.ts';

/**
 * The rows of every posted item with units whose variant has requirements, in post order; a
 * pick (`picks[i]`, the item's `resource_id`) outside its variant's `shopper` pools is a 422
 * naming the choices. A variant without requirements ignores it (the caller's own label).
 */
export function requirementRows(
  demands: readonly Demand[],
  picks: ReadonlyArray<string | undefined>,
  allDay: readonly boolean[],
  tz: string,
  options: RowOptions = {},
): RequirementRow[] {
  const problems: Record<string, string[]> = {};
  const rows = demands.flatMap((demand, i) => {
    const requirements = demand.variant?.requirements ?? [];
    const pick = picks[i];
    if (pick !== undefined && requirements.length > 0) {
      const problem = pickProblem(requirements, pick, options.anyChoice === true);
      if (problem) problems[`items[${i}].resource_id`] = [problem];
    }
    if (demand.quantity === 0 || requirements.length === 0) return [];
    const chosen = (r: Requirement) =>
      (options.anyChoice || r.choice === 'shopper') && r.pool.some((m) => String(m.id) === pick);
    return requirements.map((r) => {
      // A pick narrows the pools it names; otherwise the resource kept from a hold or the booking, if still open.
      const kept = options.keep?.get(`${demand.variant!.variantId}:${r.id}`);
      const only = pick !== undefined && chosen(r) ? pick : undefined;
      return rowOf(demand, r, i, only, allDay[i]!, tz, kept ?? null);
    });
  });
  if (Object.keys(problems).length > 0) throw new InvalidError(problems);
  return rows;
}

/** How a booking's rows differ from a hold's. */
export interface RowOptions {
  /** The merchant may pick any member of any pool (a hold: only of a `shopper` pool). */
  anyChoice?: boolean;
  /** Resources to prefer, by `variantId:requirementId`, wherever they have the units (a hold's, a booking's own). */
  keep?: ReadonlyMap<string, number>;
}

/** Why `pick` cannot be chosen among `requirements`' pools (a merchant's `anyChoice`: any pool), or undefined. */
export function pickProblem(
  requirements: readonly Requirement[],
  pick: string,
  anyChoice: boolean,
): string | undefined {
  const choices = requirements.filter((r) => anyChoice || r.choice === 'shopper').flatMap((r) => r.pool);
  if (choices.length === 0) return 'cannot be chosen for this variant: the shop assigns its resources';
  if (choices.some((m) => String(m.id) === pick)) return undefined;
  return `must be one of ${choices.map((m) => `${m.id} (${m.name})`).join(', ')}, or omitted for any`;
}

function rowOf(
  demand: Demand,
  r: Requirement,
  i: number,
  only: string | undefined,
  allDay: boolean,
  tz: string,
  prefer: number | null,
) {
  // A variant booked by days takes its resources for whole local days, whatever hours a booking names.
  const startAt = allDay ? startOfDayInZone(demand.period.startDay, tz).getTime() : demand.period.startAt;
  const finishAt = allDay ? startOfDayInZone(demand.period.finishDay, tz).getTime() : demand.period.finishAt;
  const schedule = demand.variant!.schedule;
  const before = allDay ? 0 : (schedule?.buffer_before_minutes ?? 0) * 60_000;
  const after = allDay ? 0 : (schedule?.buffer_after_minutes ?? 0) * 60_000;
  const open = r.pool.filter((m) => isOpen(m, demand, allDay, tz));
  const picked = only !== undefined;
  const pool = picked ? open.filter((m) => String(m.id) === only) : open;
  const s = toIsoUtc(startAt);
  const f = toIsoUtc(finishAt);
  const ids = r.pool.map((m) => m.id).sort((a, b) => a - b);
  return {
    item: i + 1,
    requirement: r.id,
    per: r.per,
    choice: r.choice,
    uses: r.uses,
    quantity: demand.quantity,
    pool: pool.map((m) => m.id),
    others: picked ? open.filter((m) => !pool.includes(m)).map((m) => m.id) : [],
    prefer,
    start_at: toIsoUtc(startAt - before),
    finish_at: toIsoUtc(finishAt + after),
    share:
      r.per === 'slot'
        ? `slot:${demand.variant!.productId}:${s}:${f}`
        : r.per === 'booking'
          ? `group:${s}:${f}:${ids.join(',')}`
          : null,
  } satisfies RequirementRow;
}

/** Whether `m` may serve the item at all: its hours cover it and no blackout of its overlaps it. */
export function isOpen(m: PoolMember, demand: Demand, allDay: boolean, tz: string): boolean {
  const { startAt, finishAt, startDay, finishDay } = demand.period;
  if (m.closed.some(([s, f]) => s < finishAt && f > startAt)) return false;
  if (m.hours === null) return true;
  if (allDay) return eachDay(startDay, finishDay).every((day) => (m.hours![weekdayOf(day)] ?? []).length > 0);
  const start = localDateTime(startAt, tz);
  const finish = localDateTime(finishAt, tz);
  const day = start.slice(0, 10);
  // A slot past midnight is inside hours only when they run to 24:00 and on from 00:00: rare, refused.
  if (finish.slice(0, 10) !== day && finish.slice(11) !== '00:00') return false;
  const from = start.slice(11, 16);
  const to = finish.slice(0, 10) === day ? finish.slice(11, 16) : '24:00';
  const hours = m.hours[weekdayOf(day as typeof startDay)] ?? [];
  return hours.some(([open, close]) => open <= from && to <= (close === '00:00' ? '24:00' : close));
}

function weekdayOf(day: Parameters<typeof dayOfWeek>[0]) {
  // dayOfWeek: 0 Sunday … 6 Saturday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(dayOfWeek(day) + 6) % 7]!;
}

/** The resources granted to posted item `i` (0-based), by name in its requirements' order; undefined without. */
export function assignedTo(
  demand: Demand,
  i: number,
  assigned: Assigned,
): Array<{ id: number; name: string }> | undefined {
  const requirements = demand.variant?.requirements;
  if (!requirements) return undefined;
  return requirements.flatMap((r) => {
    const grant = assigned.find((g) => g.item === i + 1 && Number(g.requirement) === r.id);
    const member = grant && r.pool.find((m) => m.id === Number(grant.resource));
    return member ? [{ id: member.id, name: member.name }] : [];
  });
}
