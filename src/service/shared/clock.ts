/**
 * The service's idea of "now", injected so tests can move time (holds expire, days pass).
 * @module
 */

/** A source of the current time in epoch milliseconds. */
export interface Clock {
  now(): number;
}

/** The real clock. */
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
    set(instant) {
      now = typeof instant === 'string' ? Date.parse(instant) : instant;
    },
    advance(ms) {
      now += ms;
    },
  };
}
