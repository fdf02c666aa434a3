/**
 * Reservations that expired long ago are deleted on a schedule: they hold nothing (expiry alone
 * stops them counting, API.md §3), and a sale day leaves many thousands. A week keeps them
 * listable (`active=false`) while a shopper or the merchant may still ask about them. Bookings
 * are never purged. Every process started by `cli.ts` or `start.ts` runs the schedule; the
 * DELETE is idempotent, so several processes on one database do no harm.
 * @module
 */
import type { Database } from '../db/types.ts';
import { type Clock, sqlNowOf, systemClock } from '../shared/clock.ts';
import { deleteReservationsExpiredBefore } from './queries.ts';

/** How long after its expiry a reservation is kept. */
export const PURGE_AFTER_MS = 7 * 86_400_000;
/** How often a service process purges. */
export const PURGE_EVERY_MS = 3_600_000;

/** Deletes the reservations that expired more than `afterMs` ago by the database's clock; resolves to how many. */
export function purgeExpiredReservations(
  db: Database,
  options: { clock?: Clock; afterMs?: number } = {},
): Promise<number> {
  return deleteReservationsExpiredBefore(db, options.afterMs ?? PURGE_AFTER_MS, sqlNowOf(options.clock ?? systemClock));
}

/**
 * Purges now and then every `everyMs` until the returned function is called. The timer does not
 * keep the process alive; a failed run is logged and the next one tries again.
 */
export function schedulePurge(
  db: Database,
  options: { everyMs?: number; afterMs?: number; logError?: (error: unknown) => void } = {},
): () => void {
  const logError = options.logError ?? ((error: unknown) => console.error('[booking-service] purge failed:', error));
  const run = () => void purgeExpiredReservations(db, { afterMs: options.afterMs }).catch(logError);
  const first = setTimeout(run, 1000);
  const timer = setInterval(run, options.everyMs ?? PURGE_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
