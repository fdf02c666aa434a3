/**
 * The shared rate-limit counters (API.md §7): one row per bucket key in the UNLOGGED table
 * `rate_limits` (migration 3), holding the bucket's "theoretical arrival time" (GCRA: the
 * instant, in ms of the DATABASE's clock, at which the bucket would be full again). Losing it in
 * a crash only forgives some requests, so it skips the write-ahead log and its commits are cheap.
 *
 * No process's clock enters the table: every sync answers with the database's clock, from which
 * a process learns how far its own clock is from it, and it sends its instants converted onto
 * the database's clock (limits/buckets.ts). Processes whose clocks disagree by minutes then
 * share one bucket as if they agreed.
 * @module
 */
import type { Queryable } from '../db/types.ts';

/** What one process spent on one key since its last sync. */
export interface SpentBucket {
  key: string;
  /**
   * When its spending began, in ms of the database's clock (the process's instant plus its
   * measured offset), or null while the process has not measured it yet: the database's "now".
   */
  start: number | null;
  /** How far its requests moved the bucket on (ms of refill). */
  spent: number;
}

/** The shared state after a sync, on the database's clock. */
export interface SyncedBuckets {
  /** Each key's shared `tat` (ms, database clock). */
  tat: Map<string, number>;
  /** The database's clock (ms) when the statement ran. */
  now: number;
}

/** The database's clock in ms, or the override (a test clock's ms) in parameter `param`. */
const nowMs = (param: string) => `coalesce(${param}::float8, extract(epoch from clock_timestamp()) * 1000)`;

/**
 * Adds each process's spending to the shared buckets in one statement and returns every key's
 * shared state and the database's "now". Keys are taken in order, so two processes syncing at
 * once cannot deadlock. `override`: a test clock's "now" (ms); null reads the database's clock.
 */
export async function syncBuckets(
  db: Queryable,
  buckets: readonly SpentBucket[],
  override: number | null = null,
): Promise<SyncedBuckets> {
  const sorted = [...buckets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // greatest(stored, start) + spent, written as greatest(stored + spent, start + spent): the
  // row's `spent` column carries this sync's spending into the ON CONFLICT arm.
  const { rows } = await db.query<{ key: string; tat: number; now: number }>(
    `WITH clock AS (SELECT ${nowMs('$4')} AS now)
     INSERT INTO rate_limits AS r (key, tat, spent)
     SELECT u.key, coalesce(u.start, clock.now) + u.spent, u.spent
       FROM unnest($1::text[], $2::float8[], $3::float8[]) AS u(key, start, spent), clock ORDER BY u.key
     ON CONFLICT (key) DO UPDATE SET tat = greatest(r.tat + excluded.spent, excluded.tat), spent = excluded.spent
     RETURNING key, tat, (SELECT now FROM clock) AS now`,
    [sorted.map((b) => b.key), sorted.map((b) => b.start), sorted.map((b) => b.spent), override],
    { prepare: true },
  );
  return {
    tat: new Map(rows.map((row) => [row.key, Number(row.tat)])),
    now: rows.length ? Number(rows[0]!.now) : Number.NaN,
  };
}

/**
 * Deletes buckets full again more than `ageMs` ago by the database's clock (or `override`, a
 * test clock's ms): an absent key is a full bucket.
 */
export async function forgetFullBuckets(db: Queryable, ageMs: number, override: number | null = null): Promise<void> {
  await db.query(`DELETE FROM rate_limits WHERE tat < ${nowMs('$2')} - $1`, [ageMs, override]);
}
