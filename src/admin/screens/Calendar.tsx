/**
 * The calendar of bookings: a week or a month, a row per variant or per product, bookings as
 * bars across their days (a booking of times of day as a bar on its day, with its time), the
 * units held and free beside them, blackouts by title, today marked. A bar opens its booking;
 * a day opens what it offers (`CalendarDayOffer`: its bookings, Add booking, Add blackout).
 * The address may name a day and a variant (`#/calendar?date=2026-12-05&variant=3`), as
 * Occupancy's and Today's links do; the screen keeps its view, day and filters there (replacing
 * the entry), so Back from a booking it opened returns to the same days.
 * @module
 */
import { useComputed, useSignal, useSignalEffect } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { isPlainDate, type PlainDate } from '../../shared/plain-date.ts';
import { firstDayOfWeek } from '../../shared/month-grid.ts';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { loadCalendar, rowsOf, type CalendarFilters as Filters } from '../models/calendar-data.ts';
import { stepView, viewDays, type CalendarView } from '../models/calendar-grid.ts';
import { catalog, ensureCatalog, products } from '../models/catalog.ts';
import { dayRange } from '../models/dates.ts';
import { routeDetail, screenHref, session, shopToday } from '../models/session.ts';
import { useDebounced, useResource } from '../models/use-resource.ts';
import { CalendarDayOffer } from './CalendarDayOffer.tsx';
import { CalendarFilters } from './CalendarFilters.tsx';
import { CalendarTable, type OpenDay } from './CalendarTable.tsx';

/** The Calendar screen. */
export function Calendar() {
  useEffect(() => void ensureCatalog(), []);
  const asked = routeDetail.peek().query;
  const view = useSignal<CalendarView>(asked.view === 'month' ? 'month' : 'week');
  const anchor = useSignal<PlainDate>(isPlainDate(asked.date) ? asked.date : shopToday());
  const filters = useSignal<Filters>({
    product: asked.product ?? '',
    variant: asked.variant ?? '',
    location: asked.location ?? '',
    status: (['pending', 'confirmed', 'cancelled'] as const).find((x) => x === asked.status) ?? '',
  });
  const q = useSignal('');
  const search = useDebounced(q);
  const byProduct = useSignal(asked.rows === 'product');
  useSignalEffect(() => {
    const kept = Object.entries({
      ...filters.value,
      date: anchor.value,
      view: view.value === 'month' ? 'month' : '',
      rows: byProduct.value ? 'product' : '',
    }).filter(([, value]) => value !== '');
    history.replaceState(history.state, '', screenHref('calendar', [], Object.fromEntries(kept)));
  });
  const open = useSignal<OpenDay | null>(null);
  const locale = session.value?.shop.locale ?? 'en';
  const days = useComputed(() => viewDays(view.value, anchor.value, firstDayOfWeek(locale)));
  const calendar = useResource(
    () => ({ days: days.value, ...filters.value, q: search.value.value, products: products.value }),
    ({ products: list, ...query }, signal) => (list ? loadCalendar(query, list, signal) : Promise.resolve(undefined)),
  );
  const data = calendar.data.value;
  const shownDays = data?.query.days ?? days.value;
  const searching = (data?.query.q ?? '').trim() !== '';
  const rows = data
    ? rowsOf(data, products.value ?? [], byProduct.value).filter((r) => !searching || r.bookings.length > 0)
    : [];
  const opened = open.value && rows.find((r) => r.key === open.value!.row);
  const unit = view.value === 'week' ? 'week' : 'month';
  const go = (by: number) => ((anchor.value = stepView(view.value, anchor.value, by)), (open.value = null));
  const today = shopToday();
  return (
    <section class="card">
      <h2 tabIndex={-1}>Calendar</h2>
      <div class="row">
        <button type="button" onClick={() => go(-1)}>
          Previous {unit}
        </button>
        <button type="button" onClick={() => ((anchor.value = today), (open.value = null))}>
          This {unit}
        </button>
        <button type="button" onClick={() => go(1)}>
          Next {unit}
        </button>
        <span class="row" role="group" aria-label="View">
          {(['week', 'month'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view.value === v}
              onClick={() => ((view.value = v), (open.value = null))}
            >
              {v === 'week' ? 'Week' : 'Month'}
            </button>
          ))}
        </span>
      </div>
      <p class="cal-range">
        <strong>{dayRange(days.value[0]!, days.value.at(-1)!)}</strong>
      </p>
      <CalendarFilters filters={filters} q={q} byProduct={byProduct} onSearchNow={search.now} />
      <ScreenStatus loads={[calendar, catalog]} />
      {opened && (
        <CalendarDayOffer
          row={opened}
          date={open.value!.date}
          locale={locale}
          byProduct={byProduct.value}
          onClose={() => (open.value = null)}
        />
      )}
      {data && rows.length === 0 && (
        <p>
          {products.value?.length === 0
            ? 'No products yet: add one under Products.'
            : searching
              ? 'No booking matches this search on these days.'
              : 'Nothing matches these filters.'}
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p class="hint">
            Each day shows the units free and held, or the blackout closing it; a day opens its bookings and the choice
            to add a booking or a blackout. A bar is a booking: it opens it.
          </p>
          <CalendarTable
            days={shownDays}
            rows={rows}
            today={today}
            locale={locale}
            byProduct={byProduct.value}
            compact={view.value === 'month'}
            open={open.value}
            onOpen={(day) => (open.value = day)}
          />
        </>
      )}
    </section>
  );
}
