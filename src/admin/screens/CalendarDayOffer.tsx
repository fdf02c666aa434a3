/**
 * What a day of the calendar offers once opened: its bookings (each opening the booking),
 * "Add booking" for that variant and day while units are free, and "Add blackout" for it.
 * It takes the keyboard's focus when it opens; Close gives it back to the day.
 * @module
 */
import { useEffect, useRef } from 'preact/hooks';
import type { PlainDate } from '../../shared/plain-date.ts';
import { customersOf, periodOf, unitsOf } from '../models/booking-days.ts';
import type { CalendarRow } from '../models/calendar-data.ts';
import { screenHref } from '../models/session.ts';
import { bookingsOn, freeOf } from './CalendarTable.tsx';

/** "Saturday, December 5, 2026". */
function longDay(date: PlainDate, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The opened day of `row`. */
export function CalendarDayOffer(props: {
  row: CalendarRow;
  date: PlainDate;
  locale: string;
  byProduct: boolean;
  onClose: () => void;
}) {
  const { row, date } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [row.key, date]);
  const load = row.days.get(date);
  const list = bookingsOn(row, date);
  const free = freeOf(load);
  const only = (id: number) => row.externals.has(id);
  const close = () => {
    props.onClose();
    setTimeout(() => document.querySelector<HTMLElement>(`button[data-row="${row.key}"][data-day="${date}"]`)?.focus());
  };
  const blackoutQuery: Record<string, string> = props.byProduct
    ? { date, product: String(row.productExternal) }
    : { date, variant: String(row.variants[0]!.id) };
  return (
    <section class="offer" aria-labelledby="cal-offer">
      <h3 id="cal-offer" ref={heading} tabIndex={-1}>
        {longDay(date, props.locale)} · {row.name}
      </h3>
      <p>
        {load?.blackouts.length
          ? `Closed: ${load.blackouts.join(', ')}.`
          : `${free} ${free === 1 ? 'unit' : 'units'} free, ${load?.booked ?? 0} booked, ${load?.held ?? 0} held.`}
      </p>
      {list.length > 0 && (
        <ul class="list">
          {list.map((b) => (
            <li key={b.id}>
              <a href={screenHref('bookings', [String(b.id)])}>
                {customersOf(b)}
                <span class="sr-only">, booking #{b.id}</span>
              </a>{' '}
              · {unitsOf(b, only)} · {periodOf(b)}
            </li>
          ))}
        </ul>
      )}
      <p class="row">
        {free > 0 &&
          row.variants.map((v) => (
            <a
              key={v.id}
              class="button primary"
              href={screenHref('bookings', ['new'], { variant: String(v.id), date })}
            >
              {props.byProduct ? `Add booking: ${v.title}` : 'Add booking'}
            </a>
          ))}
        <a class="button" href={screenHref('blackouts', ['new'], blackoutQuery)}>
          Add blackout
        </a>
        <button type="button" onClick={close}>
          Close
        </button>
      </p>
    </section>
  );
}
