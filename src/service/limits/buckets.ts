/**
 * Token buckets (API.md §7) as GCRA: a bucket is one number, `tat`, the instant (ms) at which
 * it would be full again; a request fits while `tat - now` stays within the burst. One number
 * per key is what makes the buckets cheap to share between processes (`sharedBuckets`).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { forgetFullBuckets, type SpentBucket, syncBuckets } from './queries.ts';

/** A rate: sustained requests per second, and how many may come at once after a quiet spell. */
export interface Rate {
  perSecond: number;
  burst: number;
}

/** Takes one request from buckets by key; answers 0 (taken) or the ms to wait before one fits. */
export interface Buckets {
  take(key: string, rate: Rate, now: number): Promise<number>;
}

interface Local {
  tat: number;
  /** When this process's spending since its last sync began (undefined: none). */
  start?: number;
  /** The refill (ms) its requests since that sync cost: their count times the cost of one. */
  spent: number;
  count: number;
}

/** ms of refill one request costs, and how far ahead of now a bucket may run. */
function shape(rate: Rate): { cost: number; tolerance: number } {
  const cost = 1000 / rate.perSecond;
  return { cost, tolerance: (rate.burst - 1) * cost };
}

/** Rounding allowed in a comparison of instants (ms). */
const ROUNDING_MS = 0.001;

/** One GCRA step on `bucket`: taken (0) or the wait in ms. */
function step(bucket: Local, rate: Rate, now: number): number {
  const { cost, tolerance } = shape(rate);
  const from = Math.max(bucket.tat, now);
  // A bucket moved between clocks (shared state read through the database's, ~1.8e12 ms) is
  // off by float rounding, a fraction of a microsecond: never a reason to refuse.
  if (from - now > tolerance + ROUNDING_MS) return from - now - tolerance;
  bucket.start ??= from;
  bucket.tat = from + cost;
  bucket.spent += cost;
  bucket.count++;
  return 0;
}

/** How long (ms) a reading of the clocks' offset stands unless a smaller one comes. */
const OFFSET_WINDOW_MS = 10_000;

/**
 * The smallest of recent readings of an offset: each reading is the true offset plus a delay,
 * so the smallest is the truest; readings expire after `OFFSET_WINDOW_MS`, so a clock that was
 * stepped is followed within that time.
 */
function smallestRecent(): { value(): number | undefined; add(reading: number, at: number): number } {
  let best: number | undefined;
  let bestAt = -Infinity;
  return {
    value: () => best,
    add(reading, at) {
      if (best === undefined || reading <= best || at - bestAt > OFFSET_WINDOW_MS) {
        best = reading;
        bestAt = at;
      }
      return best;
    },
  };
}

/** At most this many keys are kept; beyond it, full buckets go first, then the oldest. */
const MAX_KEYS = 100_000;

function trim(map: Map<string, Local>, now: number): void {
  if (map.size <= MAX_KEYS) return;
  for (const [key, b] of map) if (b.tat <= now && b.start === undefined) map.delete(key);
  for (const key of map.keys()) {
    if (map.size <= MAX_KEYS) break;
    map.delete(key);
  }
}

/** Buckets in this process's memory only (the per-address limit before authentication). */
export function memoryBuckets(): Buckets {
  const map = new Map<string, Local>();
  return {
    async take(key, rate, now) {
      const bucket = map.get(key) ?? { tat: now, spent: 0, count: 0 };
      map.set(key, bucket);
      const wait = step(bucket, rate, now);
      bucket.start = undefined;
      bucket.spent = 0;
      trim(map, now);
      return wait;
    },
  };
}

/** How often the shared buckets sync, and how far one process may run ahead of the others. */
export interface SharedOptions {
  /** A sync is due this long (ms) after the last one, at the next request. @default 100 */
  syncMs?: number;
  /**
   * A key is synced before a request once this process took this many from it unsynced, or a
   * tenth of its burst if more (a sale-day ceiling would otherwise sync every few ms). @default 16
   */
  batch?: number;
  /**
   * The database's "now" (ms) for a test whose clock is simulated; null or absent: the
   * database's own clock. Production never sets it.
   */
  sqlNow?: () => number | null;
}

/**
 * Buckets shared by every process of a database. Each process decides in memory, exactly for
 * its own requests, on its own clock (the `now` passed to `take`), and syncs in small batches:
 * at a request when `syncMs` have passed, or before a key's `batch`-th unsynced request. One
 * sync is one upsert of every key touched since the last (`syncBuckets`): it adds this
 * process's spending on top of the others' and reads back the shared state.
 *
 * The shared state is on the database's clock. Each sync's statement reads that clock, so the
 * process knows how far its own is from it (the database's less its own, as measured at the
 * request that started the sync: the query's latency makes each reading a little large, so the
 * smallest reading of the last `OFFSET_WINDOW_MS` stands) and converts its instants both ways.
 * A process whose clock is minutes off shares the buckets as exactly as one on time (issue 24).
 *
 * The approximation: between two syncs each process sees only its own spending, so N processes
 * may together let through up to N × `batch` (or N × burst / 10) requests per key more than the
 * bucket holds; the overdraft is in the shared state, so they refuse until it is paid back, and
 * over time the rate holds.
 */
export function sharedBuckets(db: Queryable, options: SharedOptions = {}): Buckets {
  const syncMs = options.syncMs ?? 100;
  const batch = options.batch ?? 16;
  const sqlNow = options.sqlNow ?? (() => null);
  const map = new Map<string, Local>();
  const touched = new Set<string>();
  let lastSync = -Infinity;
  let lastForget = -Infinity;
  let inFlight: Promise<void> | undefined;
  const offset = smallestRecent();

  const sync = async (now: number): Promise<void> => {
    lastSync = now;
    const sent: SpentBucket[] = [];
    const known = offset.value();
    for (const key of touched) {
      const b = map.get(key);
      if (!b) continue;
      // What the requests cost, not how far the local clock ran (`tat - start`): a process
      // whose requests come slower than the rate would otherwise report its idle time as
      // spending, and N such processes would push the shared bucket N times faster than time.
      // Before its first reading of the database's clock a process has spent nothing yet.
      sent.push({ key, start: known === undefined ? null : (b.start ?? now) + known, spent: b.spent });
      b.start = undefined;
      b.spent = 0;
      b.count = 0;
    }
    touched.clear();
    if (sent.length === 0) return;
    const shared = await syncBuckets(db, sent, sqlNow());
    const current = offset.add(shared.now - now, now);
    for (const s of sent) {
      const b = map.get(s.key);
      const tat = shared.tat.get(s.key);
      // What this process took while the sync was on its way goes on top of the shared state.
      if (b && tat !== undefined) b.tat = tat - current + b.spent;
    }
    if (now - lastForget > 60_000) {
      lastForget = now;
      await forgetFullBuckets(db, 60_000, sqlNow());
    }
  };

  const syncOnce = (now: number): Promise<void> => {
    // A failed sync (the database away) leaves each process limiting on its own until the next.
    inFlight ??= sync(now)
      .catch(() => {})
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  return {
    async take(key, rate, now) {
      let bucket = map.get(key);
      if (!bucket) map.set(key, (bucket = { tat: now, spent: 0, count: 0 }));
      touched.add(key);
      if (now - lastSync >= syncMs || bucket.count >= Math.max(batch, rate.burst / 10)) await syncOnce(now);
      // The decision itself has no await: within one process it is exact.
      const wait = step(bucket, rate, now);
      touched.add(key);
      trim(map, now);
      return wait;
    },
  };
}
