/**
 * The live holds soonest to lapse, on the Today screen: what each holds and how long it has
 * left by the service's clock ("4 minutes left, until 12:14"), counted down while the screen
 * is open. Releasing one is on the Bookings and holds screen, which it links to.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { heldItem } from '../models/holds.ts';
import { session } from '../models/session.ts';
import type { ExpiringHolds } from '../models/today-plan.ts';

/** "4 minutes left", "under a minute left", or "lapsing now". */
export function timeLeft(ms: number): string {
  if (ms <= 0) return 'lapsing now';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute left';
  if (minutes < 120) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
  const hours = Math.floor(minutes / 60);
  return `${hours} hours left`;
}

/** The holds about to expire, or a line saying there are none. */
export function TodayHolds(props: { shown: ExpiringHolds | undefined }) {
  const tick = useSignal(Date.now());
  useEffect(() => {
    const timer = setInterval(() => (tick.value = Date.now()), 20_000);
    return () => clearInterval(timer);
  }, []);
  const shown = props.shown;
  const tz = session.value?.shop.tz ?? 'UTC';
  const locale = session.value?.shop.locale ?? 'en';
  const clock = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: tz });
  const now = tick.value + (shown?.clockOffsetMs ?? 0);
  return (
    <section class="today-part" aria-labelledby="today-holds">
      <h3 id="today-holds">
        Holds about to expire <span class="count">({shown?.total ?? 0})</span>
      </h3>
      {shown && shown.holds.length === 0 && <p class="hint">No shopper is holding anything right now.</p>}
      {shown && shown.holds.length > 0 && (
        <>
          <ul class="list today-list">
            {shown.holds.map((r) => (
              <li key={r.id}>
                <p class="today-who">
                  <strong>{timeLeft(Date.parse(r.expires_at) - now)}</strong>{' '}
                  <span class="hint">(until {clock.format(new Date(r.expires_at))})</span>
                </p>
                {r.items.map((item, i) => (
                  <p key={i} class="today-what">
                    {heldItem(item, tz)}
                  </p>
                ))}
              </li>
            ))}
          </ul>
          <p class="hint">
            {shown.total > shown.holds.length && `The ${shown.holds.length} soonest of ${shown.total}. `}A hold lapses
            on its own; to release one now, go to <a href="#/bookings">Bookings and holds</a>.
          </p>
        </>
      )}
    </section>
  );
}
