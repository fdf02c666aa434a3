/**
 * The shared rate-limit counters (API.md §7): one row per bucket key in the UNLOGGED table
 * `rate_limits` (migration 3), holding the bucket's "theoretical arrival time" (GCRA: the
 * instant, in ms, at which the bucket would be full again). Losing it in a crash only forgives
 * some requests, so it skips the write-ahead log and its commits are cheap.
 * @module
 */
import type { Queryable } from '../db/types.ts';

/** What one process spent on one key since its last sync. */
export interface SpentBucket {
  key: string;
  /** When the process's spending began (ms): its view of the bucket then, or the first request. */
  start: number;
  /** How far its requests moved the bucket on (ms of refill). */
  spent: number;
}

/**
 * Adds each process's spending to the shared buckets in one statement and returns every key's
 * shared state (ms). Keys are taken in order, so two processes syncing at once cannot deadlock.
 */
export async function syncBuckets(db: Queryable, buckets: readonly SpentBucket[]): Promise<Map<string, number>> {
  const sorted = [...buckets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // greatest(stored, start) + spent, written as greatest(stored + spent, start + spent): the
  // row's `spent` column carries this sync's spending into the ON CONFLICT arm.
  const { rows } = await db.query<{ key: string; tat: number }>(
    `INSERT INTO rate_limits AS r (key, tat, spent)
     SELECT u.key, u.start + u.spent, u.spent FROM unnest($1::text[], $2::float8[], $3::float8[]) AS u(key, start, spent) ORDER BY u.key
     ON CONFLICT (key) DO UPDATE SET tat = greatest(r.tat + excluded.spent, excluded.tat), spent = excluded.spent
     RETURNING key, tat`,
    [sorted.map((b) => b.key), sorted.map((b) => b.start), sorted.map((b) => b.spent)],
    { prepare: true },
  );
  return new Map(rows.map((row) => [row.key, Number(row.tat)]));
}

/** Deletes buckets full again before `before` (ms): an absent key is a full bucket. */
export async function forgetFullBuckets(db: Queryable, before: number): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE tat < $1', [before]);
}
