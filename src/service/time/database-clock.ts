/**
 * The database's clock as one service process reads it, for the time the service SHOWS: the
 * `Date` header every answer carries, from which a widget counts a hold down (issue 24). What
 * the service DECIDES by (expiry, limits) is read by SQL in the deciding statement itself; this
 * clock only has to agree with those statements to within a few milliseconds, through a process
 * whose own clock is minutes off.
 *
 * It measures the offset of the database's `clock_timestamp()` from this process's monotonic
 * clock (`performance`), so a step of the host's wall clock cannot move it, and measures again
 * every `resampleMs` (the database's host may be stepped too). Until the first reading it
 * answers with the process's wall clock: the CLIs await `sync()` before they listen.
 * @module
 */
import { databaseNow } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { Clock } from '../shared/clock.ts';

/** The database's clock read through one process. */
export interface DatabaseClock extends Clock {
  /** Reads the database's clock once more; resolves to the offset (below). */
  sync(): Promise<number>;
  /**
   * How far this process's wall clock is ahead of the database's (ms; negative: behind) at the
   * last reading, or undefined before one. It is what an operator must fix with NTP.
   */
  skewMs(): number | undefined;
}

/** Options of `databaseClock`. */
export interface DatabaseClockOptions {
  /** A reading older than this (ms) is taken again, in the background, at the next `now()`. @default 60000 */
  resampleMs?: number;
}

/** The process's monotonic clock as epoch ms: steps of the wall clock do not move it. */
const monotonicEpochMs = (): number => performance.timeOrigin + performance.now();

/** The database's clock through `db`, measured now and then. */
export function databaseClock(db: Queryable, options: DatabaseClockOptions = {}): DatabaseClock {
  const resampleMs = options.resampleMs ?? 60_000;
  let offset: number | undefined;
  let skew: number | undefined;
  let readAt = -Infinity;
  let reading: Promise<number> | undefined;

  const sync = (): Promise<number> =>
    (reading ??= (async () => {
      try {
        const before = monotonicEpochMs();
        const databaseMs = await databaseNow(db, null);
        const after = monotonicEpochMs();
        // The database read its clock somewhere in the round trip: the middle errs least.
        offset = databaseMs - (before + after) / 2;
        // The wall clock is the process's own reading (what NTP corrects), not the monotonic one.
        skew = Date.now() - (after + offset);
        readAt = after;
        return offset;
      } finally {
        reading = undefined;
      }
    })());

  return {
    now() {
      const mono = monotonicEpochMs();
      // A stale reading is renewed in the background; a failed one (the database away) leaves
      // the last, and the next call tries again.
      if (mono - readAt > resampleMs && !reading) sync().catch(() => {});
      // Before the first reading: the wall clock (the process's, like any server's Date header).
      return offset === undefined ? Date.now() : Math.round(mono + offset);
    },
    // SQL reads the database's own clock: no override.
    sqlNow: () => null,
    sync,
    skewMs: () => skew,
  };
}

/** How far (ms) a process's clock may be from the database's before the log says so. */
export const SKEW_WARN_MS = 1000;

/**
 * Reads `clock` now and every `everyMs`, and logs (once at start, then at each reading while it
 * lasts) when this process's clock is more than a second from the database's, with the figure.
 * Resolves once the first reading is done; call the returned function to stop. The timer does
 * not keep the process alive.
 */
export async function watchClockSkew(
  clock: DatabaseClock,
  options: { everyMs?: number; log?: (line: string) => void } = {},
): Promise<() => void> {
  const log = options.log ?? ((line: string) => console.warn(line));
  const check = async () => {
    await clock.sync();
    const skew = clock.skewMs();
    if (skew !== undefined && Math.abs(skew) > SKEW_WARN_MS) log(skewMessage(skew));
  };
  await check().catch(() => {});
  const timer = setInterval(() => void check().catch(() => {}), options.everyMs ?? 5 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** The log line for a skew of `ms`. */
export function skewMessage(ms: number): string {
  const seconds = (Math.abs(ms) / 1000).toFixed(1);
  return `[booking-service] This host's clock is ${seconds} s ${ms > 0 ? 'ahead of' : 'behind'} the database's. Holds, limits and countdowns follow the database's clock, so nothing is decided wrong, but fix this host's time (NTP): logs and anything else read off it are ${seconds} s off.`;
}
