/**
 * Occupancy: every variant by day for two weeks from a chosen day: units available of
 * capacity, and under it, small, the units booked (b) and held (h); a day closed by a blackout
 * shows its title. Each cell's words say the same for screen readers, and each cell is a link
 * to that variant's day in the Calendar. Today's column is marked; a day's heading opens what
 * the day offers (`OccupancyDayOffer`: add a blackout, the calendar's week). Under it, a slot
 * variant's day slot by slot (`SlotOccupancy`).
 * @module
 */
import { useSignal } from '@preact/signals';
import type { OccupancyDay } from '../../client/index.ts';
import { addDays } from '../../shared/plain-date.ts';
import { client } from '../api.ts';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { useResource } from '../models/use-resource.ts';
import { screenHref, session, shopToday } from '../models/session.ts';
import { OccupancyDayOffer } from './OccupancyDayOffer.tsx';
import { SlotOccupancy } from './SlotOccupancy.tsx';

const DAYS = 14;

/**
 * "Mon 7" in the shop's language; with the month ("Wed, Mar 25") at the first column and where
 * a new month begins, so two weeks across a month's end do not read "25 … 1" without one.
 */
export function dayLabel(date: string, previous: string | undefined, locale: string): string {
  const withMonth = previous === undefined || previous.slice(0, 7) !== date.slice(0, 7);
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    ...(withMonth && { month: 'short' }),
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

function cellClass(d: OccupancyDay): string {
  if (d.blacked_out) return 'closed';
  if (d.available === 0) return 'full';
  return d.held + d.booked > 0 ? 'some' : '';
}

function cellWords(d: OccupancyDay): string {
  const parts = [`${d.available} of ${d.capacity} free`, `${d.booked} booked`, `${d.held} held`];
  if (d.blacked_out) parts.unshift(`closed${d.blackout_title ? `: ${d.blackout_title}` : ''}`);
  return parts.join(', ');
}

/** "2b 1h": the units booked and held, the ones there are, for the cell's second line. */
function cellCounts(d: OccupancyDay): string {
  return [d.booked > 0 && `${d.booked}b`, d.held > 0 && `${d.held}h`].filter(Boolean).join(' ');
}

/** The occupancy screen. */
export function Occupancy() {
  const start = useSignal(shopToday());
  const offered = useSignal<string | null>(null);
  const today = shopToday();
  // The answer keeps the day it starts on: while the next two weeks load, the shown ones stay labelled as they are.
  const occupancy = useResource(
    () => start.value,
    async (from, signal) => ({
      from,
      days: await client.occupancy.list({ start: from, finish: addDays(from, DAYS) }, { signal }),
    }),
  );
  const shown = occupancy.data.value;
  const days = shown?.days;
  const locale = session.value?.shop.locale ?? 'en';
  const dates = shown ? Array.from({ length: DAYS }, (_, i) => addDays(shown.from, i)) : [];
  const rows = new Map<number, OccupancyDay[]>();
  for (const d of days ?? []) rows.set(d.variant_id, [...(rows.get(d.variant_id) ?? []), d]);
  return (
    <>
      <section class="card">
        <h2 tabIndex={-1}>Occupancy</h2>
        <div class="row">
          <button type="button" onClick={() => (start.value = addDays(start.value, -DAYS))}>
            Previous two weeks
          </button>
          <button type="button" onClick={() => (start.value = shopToday())}>
            Today
          </button>
          <button type="button" onClick={() => (start.value = addDays(start.value, DAYS))}>
            Next two weeks
          </button>
        </div>
        <p class="hint">
          Each cell: units free of the capacity, and under it the units <strong>b</strong>ooked and <strong>h</strong>
          eld (“2b 1h”). Blue: some held or booked; red: none left; striped: closed by a blackout, named by its title. A
          cell opens that day in the calendar; a day’s heading offers adding a blackout.
        </p>
        <ScreenStatus loads={[occupancy]} />
        {offered.value && (
          <OccupancyDayOffer date={offered.value} locale={locale} onClose={() => (offered.value = null)} />
        )}
        {days?.length === 0 && (
          <p>
            No products yet: add one under <a href="#/products">Products</a>.
          </p>
        )}
        {days && days.length > 0 && (
          <p class="hint scroll-cue" aria-hidden="true">
            Two weeks are wider than this screen: scroll the table sideways for more days →
          </p>
        )}
        {days && days.length > 0 && (
          <div class="table-wrap scrolls" tabIndex={0} role="region" aria-label="Units free by variant and day">
            <table class="occ">
              <caption class="sr-only">Units free by variant and day from {shown?.from}</caption>
              <thead>
                <tr>
                  <th scope="col">Variant</th>
                  {dates.map((d, i) => (
                    <th scope="col" key={d} class={d === today ? 'today' : undefined}>
                      <button
                        type="button"
                        class="day-head"
                        data-day={d}
                        aria-expanded={offered.value === d}
                        onClick={() => (offered.value = offered.value === d ? null : d)}
                      >
                        {dayLabel(d, dates[i - 1], locale)}
                        {d === today && <span class="today-tag"> today</span>}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...rows.values()].map((cells) => (
                  <tr key={cells[0]!.variant_id}>
                    <th scope="row">
                      {cells[0]!.product_title} – {cells[0]!.variant_title}
                    </th>
                    {cells.map((d) => (
                      <td
                        key={d.date}
                        class={`${cellClass(d)}${d.date === today ? ' today' : ''}`}
                        title={cellWords(d)}
                      >
                        <a href={screenHref('calendar', [], { date: d.date, variant: String(d.variant_id) })}>
                          <span aria-hidden="true">
                            {d.blacked_out ? (
                              <span class="blackout">{d.blackout_title ?? 'Closed'}</span>
                            ) : (
                              `${d.available}/${d.capacity}`
                            )}
                            {cellCounts(d) && <small class="counts">{cellCounts(d)}</small>}
                          </span>
                          <span class="sr-only">
                            {cellWords(d)}
                            {d.date === today && ', today'}. Open in the calendar
                          </span>
                        </a>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <SlotOccupancy />
    </>
  );
}
