/**
 * "Now" for holds and bookings is the database's clock (API.md §3), so that every service process
 * on one database agrees on what has expired, whatever its host's clock says. The SQL takes an
 * override parameter that only a test clock sets (`shared/clock.ts`); NULL means
 * `clock_timestamp()`, the time at which the expression is evaluated (not the transaction's
 * start, which may predate a lock wait).
 * @module
 */
import { toIsoUtc } from '../../shared/zones.ts';
import type { Queryable } from './types.ts';

/** The SQL expression for "now", given the placeholder (e.g. `$8`) of the override parameter. */
export function nowSql(param: string): string {
  return `coalesce(${param}::timestamptz, clock_timestamp())`;
}

/** The override as a query parameter: an ISO string, or null for the database's clock. */
export function nowParam(override: number | null): string | null {
  return override === null ? null : toIsoUtc(override);
}

/** The database's "now" (epoch ms), or the override when a test clock gives one. */
export async function databaseNow(q: Queryable, override: number | null): Promise<number> {
  if (override !== null) return override;
  const { rows } = await q.query<{ now: Date | string }>(`SELECT ${nowSql('$1')} AS now`, [null], { prepare: true });
  return new Date(rows[0]!.now).getTime();
}
