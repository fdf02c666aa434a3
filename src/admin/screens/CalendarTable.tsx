/**
 * The calendar's grid: a column per day (today marked), a row group per variant or product.
 * Its first line is a button per day naming what is on it ("Sat, Dec 5: 2 bookings, 1 held",
 * with the row in its description) and showing the units free, held and the blackouts by
 * title; under it the bookings as bars across their days, each a link that opens the booking.
 * The days are one stop for Tab (a roving focus: the day last focused, at first today's or the
 * first day of the first row); the arrow keys move between them (up and down between rows, Home
 * and End to a row's ends), and Tab goes on to the bars.
 * @module
 */
import { useState } from 'preact/hooks';
import type { Booking } from '../../client/index.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import { customersOf, firstDayOf, isTimed, lastDayOf, periodOf, unitCount, unitsOf } from '../models/booking-days.ts';
import type { CalendarRow, DayLoad } from '../models/calendar-data.ts';
import { barsOf, lanesOf, type Bar } from '../models/calendar-grid.ts';
import { screenHref } from '../models/session.ts';
import { dayLabel } from './Occupancy.tsx';

/** The day of a row the merchant opened. */
export interface OpenDay {
  row: string;
  date: PlainDate;
}

/** The bookings of `row` on `date`. */
export function bookingsOn(row: CalendarRow, date: PlainDate): Booking[] {
  return row.bookings.filter((b) => firstDayOf(b) <= date && date <= lastDayOf(b));
}

/** Units free on a day of a row: none when a blackout closes it. */
export function freeOf(load: DayLoad | undefined): number {
  if (!load || load.blackouts.length > 0) return 0;
  return Math.max(0, load.capacity - load.held - load.booked);
}

/**
 * "Sat, Dec 5: 2 bookings, 3 free, 1 held, today" or "…: closed: Christmas". What the button
 * shows ("3 free", "1 held", a blackout's title) comes in the same words and order, so a voice
 * command naming what is seen reaches it (WCAG 2.5.3, label in name).
 */
export function dayWords(label: string, count: number, load: DayLoad | undefined, today: boolean): string {
  const parts = [`${count} ${count === 1 ? 'booking' : 'bookings'}`];
  if (load?.blackouts.length) parts.push(`closed: ${load.blackouts.join(', ')}`);
  else parts.push(`${freeOf(load)} free`);
  if (load?.held) parts.push(`${load.held} held`);
  if (today) parts.push('today');
  return `${label}: ${parts.join(', ')}`;
}

/** A booking's bar: the time (for times of day), who and how many; its link names the rest. */
function BarLink(props: { bar: Bar; row: CalendarRow }) {
  const { booking: b, before, after } = props.bar;
  const only = (id: number) => props.row.externals.has(id);
  const visible = `${isTimed(b) ? `${b.starts_at_local.slice(11, 16)} ` : ''}${customersOf(b)} · ${unitCount(b, only)}`;
  const full = `${customersOf(b)}, ${unitsOf(b, only)}, ${periodOf(b)}${b.status === 'confirmed' ? '' : `, ${b.status}`}`;
  return (
    <a
      class={`bar ${b.status}${before ? ' before' : ''}${after ? ' after' : ''}`}
      href={screenHref('bookings', [String(b.id)])}
      title={full}
    >
      <span aria-hidden="true">{visible}</span>
      <span class="sr-only">
        {full}. Open booking #{b.id}
      </span>
    </a>
  );
}

/** One lane of a row: its bars at their columns, empty cells between. */
function LaneCells(props: { lane: Bar[]; days: number; row: CalendarRow }) {
  const cells = [];
  let column = 0;
  for (const bar of props.lane) {
    for (; column < bar.column; column++) cells.push(<td key={`e${column}`} />);
    cells.push(
      <td key={`b${bar.booking.id}`} colSpan={bar.span} class="bar-cell">
        <BarLink bar={bar} row={props.row} />
      </td>,
    );
    column += bar.span;
  }
  for (; column < props.days; column++) cells.push(<td key={`e${column}`} />);
  return <>{cells}</>;
}

/** Moves the focus between the days' buttons with the arrow keys, Home and End. */
function onGridKey(event: KeyboardEvent) {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-day]');
  const table = button?.closest('table');
  if (!button || !table) return;
  const all = [...table.querySelectorAll<HTMLButtonElement>('button[data-day]')];
  const inRow = all.filter((b) => b.dataset.row === button.dataset.row);
  const at = inRow.indexOf(button);
  const rows = [...new Set(all.map((b) => b.dataset.row))];
  const rowAt = rows.indexOf(button.dataset.row);
  const inOtherRow = (by: number) =>
    all.filter((b) => b.dataset.row === rows[rowAt + by]).find((b) => b.dataset.day === button.dataset.day);
  const next = {
    ArrowLeft: inRow[at - 1],
    ArrowRight: inRow[at + 1],
    ArrowUp: inOtherRow(-1),
    ArrowDown: inOtherRow(1),
    Home: inRow[0],
    End: inRow.at(-1),
  }[event.key];
  if (next === undefined && !['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key))
    return;
  event.preventDefault();
  next?.focus();
}

/** The grid of `rows` over `days`. `onOpen` opens a day of a row (its bookings, Add booking, Add blackout). */
export function CalendarTable(props: {
  days: PlainDate[];
  rows: CalendarRow[];
  today: PlainDate;
  locale: string;
  byProduct: boolean;
  /** A month: each day says its numbers alone ("3", "1h"), its button still in words. */
  compact: boolean;
  open: OpenDay | null;
  onOpen: (day: OpenDay) => void;
}) {
  const { days, rows, today, locale } = props;
  const labels = days.map((d, i) => dayLabel(d, days[i - 1], locale));
  // A day's button is named with its month whatever its column says: "Sat, Dec 5: …".
  const named = new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const [focused, setFocused] = useState<OpenDay | null>(null);
  // The one day Tab stops at: the last focused while it is shown, else today's or the first.
  const stop =
    focused && rows.some((r) => r.key === focused.row) && days.includes(focused.date)
      ? focused
      : { row: rows[0]?.key, date: days.includes(today) ? today : days[0] };
  return (
    <div class="table-wrap scrolls" role="region" aria-label="Bookings by day">
      <table class={props.compact ? 'calendar month' : 'calendar'} onKeyDown={onGridKey}>
        <caption class="sr-only">
          Bookings by {props.byProduct ? 'product' : 'variant'} and day; a day opens its bookings, Add booking and Add
          blackout
        </caption>
        <thead>
          <tr>
            <th scope="col">{props.byProduct ? 'Product' : 'Variant'}</th>
            {days.map((d, i) => (
              <th scope="col" key={d} class={d === today ? 'today' : undefined}>
                {labels[i]}
                {d === today && <span class="today-tag"> today</span>}
              </th>
            ))}
          </tr>
        </thead>
        {rows.map((row) => {
          const lanes = lanesOf(barsOf(row.bookings, days));
          const headId = `cal-row-${row.key}`;
          return (
            <tbody key={row.key}>
              <tr class="cal-days">
                <th scope="row" id={headId} rowSpan={1 + lanes.length}>
                  {row.name}
                </th>
                {days.map((d) => {
                  const load = row.days.get(d);
                  const opened = props.open?.row === row.key && props.open.date === d;
                  const closed = (load?.blackouts.length ?? 0) > 0;
                  return (
                    <td key={d} class={`${d === today ? 'today ' : ''}${closed ? 'closed' : ''}`}>
                      <button
                        type="button"
                        class="day"
                        data-row={row.key}
                        data-day={d}
                        aria-expanded={opened}
                        aria-describedby={headId}
                        tabIndex={stop.row === row.key && stop.date === d ? 0 : -1}
                        onFocus={() => setFocused({ row: row.key, date: d })}
                        aria-label={dayWords(
                          named.format(new Date(`${d}T00:00:00Z`)),
                          bookingsOn(row, d).length,
                          load,
                          d === today,
                        )}
                        onClick={() => props.onOpen({ row: row.key, date: d })}
                      >
                        {closed ? (
                          <span class="blackout">{load!.blackouts.join(', ')}</span>
                        ) : (
                          <span class="free">{freeOf(load)} free</span>
                        )}
                        {(load?.held ?? 0) > 0 && (
                          <>
                            {' '}
                            <span class="held-units">{load!.held} held</span>
                          </>
                        )}
                      </button>
                    </td>
                  );
                })}
              </tr>
              {lanes.map((lane, i) => (
                <tr key={i} class="cal-lane">
                  <LaneCells lane={lane} days={days.length} row={row} />
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}
