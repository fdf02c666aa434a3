/**
 * Today: the shop's day at a glance, the admin's first screen. The day is today in the shop's
 * zone, or the one the address names (`#/today?date=2026-12-05`), so Tomorrow is one link away
 * and the back button returns. It lists pick-ups and returns (bookings of days), each time of
 * day's arrivals (bookings of times), the holds soonest to lapse and the order lines to check.
 * @module
 */
import { useEffect } from 'preact/hooks';
import { addDays, isPlainDate, type PlainDate } from '../../shared/plain-date.ts';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { catalog, ensureCatalog } from '../models/catalog.ts';
import { routeDetail, screenHref, session, shopToday } from '../models/session.ts';
import { loadDayPlan, loadExpiringHolds, loadOpenConflicts } from '../models/today-plan.ts';
import { useResource } from '../models/use-resource.ts';
import { ShopifyConflicts } from './ShopifyConflicts.tsx';
import { TodayBookings } from './TodayBookings.tsx';
import { TodayHolds } from './TodayHolds.tsx';

/** The day the address names, else today in the shop's zone. */
function shownDay(): PlainDate {
  const asked = routeDetail.value.query.date;
  return isPlainDate(asked) ? asked : shopToday();
}

/** "Thursday, November 26, 2026" in the shop's language. */
function longDay(date: PlainDate): string {
  return new Intl.DateTimeFormat(session.value?.shop.locale ?? 'en', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A link to another day of this screen; the shown one is marked as the current page. */
function DayLink(props: { to: PlainDate; shown: PlainDate; label: string }) {
  const today = shopToday();
  return (
    <a
      class="button"
      href={props.to === today ? screenHref('today') : screenHref('today', [], { date: props.to })}
      aria-current={props.to === props.shown ? 'page' : undefined}
    >
      {props.label}
    </a>
  );
}

/** The Today screen. */
export function Today() {
  useEffect(() => void ensureCatalog(), []);
  const plan = useResource(shownDay, loadDayPlan);
  const holds = useResource(
    () => undefined,
    (_: undefined, signal) => loadExpiringHolds(signal),
  );
  const conflicts = useResource(shownDay, loadOpenConflicts);
  const today = shopToday();
  const date = shownDay();
  const tomorrow = addDays(today, 1);
  const title = date === today ? 'Today' : date === tomorrow ? 'Tomorrow' : longDay(date);
  const shown = plan.data.value?.date === date ? plan.data.value : undefined;
  return (
    <section class="card today">
      <h2 tabIndex={-1}>{title}</h2>
      {title !== longDay(date) && <p class="today-date">{longDay(date)}</p>}
      <nav class="row" aria-label="Days">
        <DayLink to={addDays(date, -1)} shown={date} label="Previous day" />
        <DayLink to={today} shown={date} label="Today" />
        <DayLink to={tomorrow} shown={date} label="Tomorrow" />
        <DayLink to={addDays(date, 1)} shown={date} label="Next day" />
        <a class="button" href={screenHref('calendar', [], { date })}>
          This week in the calendar
        </a>
      </nav>
      <ScreenStatus loads={[plan, holds, conflicts, catalog]} />
      {shown && (
        <div class="today-grid">
          <TodayBookings title="Pick-ups" bookings={shown.pickups} empty="Nobody picks up on this day." />
          <TodayBookings title="Returns" bookings={shown.returns} empty="Nothing is due back on this day." />
          {shown.arrivals.length > 0 && (
            <section class="today-part today-wide" aria-labelledby="today-times">
              <h3 id="today-times">Times of day</h3>
              {shown.arrivals.map((slot) => (
                <TodayBookings
                  key={slot.label}
                  level={4}
                  title={slot.label}
                  bookings={slot.bookings}
                  empty="Nobody arrives."
                />
              ))}
            </section>
          )}
        </div>
      )}
      <TodayHolds shown={holds.data.value} />
      {conflicts.data.value && (
        <section class="today-part" aria-label="Orders from Shopify">
          <ShopifyConflicts list={conflicts.data.value} />
          {conflicts.data.value.length > 0 && (
            <p class="hint">
              Refund or book these by hand; every order line to check is under <a href="#/shop">Shop</a>.
            </p>
          )}
        </section>
      )}
    </section>
  );
}
