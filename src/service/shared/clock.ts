/**
 * The service's idea of "now", injected so tests can move time (holds expire, days pass).
 *
 * Holds and bookings are stamped and judged by the DATABASE's clock, never a process's: service
 * processes on hosts whose clocks differ must agree on what has expired (API.md §3). So `now()`
 * only dates answers and other non-hold things (in production it is the database's clock too, as
 * a process reads it: time/database-clock.ts); the SQL of holds takes `sqlNow()` as its "now",
 * where null (production) means the database's `clock_timestamp()`. Only a test clock sets it,
 * which is how tests move the database's notion of now.
 * @module
 */

/** A source of the current time in epoch milliseconds. */
export interface Clock {
  now(): number;
  /** The instant SQL takes as "now" for holds and bookings; null or absent: the database's clock. */
  sqlNow?(): number | null;
}

/** What SQL should take as "now" under `clock`: null for the database's own clock. */
export function sqlNowOf(clock: Clock): number | null {
  return clock.sqlNow?.() ?? null;
}

/**
 * This host's wall clock, SQL reading the database's. For callers that need no service: the app's
 * default is the database's clock as the process reads it (time/database-clock.ts), so that the
 * `Date` a widget counts down by does not follow a drifting host (issue 24).
 */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until told to move: for tests. */
export interface ManualClock extends Clock {
  /** Jumps to an instant (epoch ms or an ISO string). */
  set(instant: number | string): void;
  /** Moves forward by `ms`. */
  advance(ms: number): void;
}

/** A clock frozen at `start` (epoch ms or ISO string) until moved. */
export function manualClock(start: number | string): ManualClock {
  let now = typeof start === 'string' ? Date.parse(start) : start;
  return {
    now: () => now,
    // A test clock is also the database's "now", so expiry tests move time for SQL too.
    sqlNow: () => now,
    set(instant) {
      now = typeof instant === 'string' ? Date.parse(instant) : instant;
    },
    advance(ms) {
      now += ms;
    },
  };
}
