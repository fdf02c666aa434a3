/**
 * What a day of the occupancy grid offers once its heading is clicked: adding a blackout on
 * it, or opening its week in the calendar. It takes the keyboard's focus; Close gives it back.
 * @module
 */
import { useEffect, useRef } from 'preact/hooks';
import { screenHref } from '../models/session.ts';

/** The offer for `date` (`YYYY-MM-DD`). */
export function OccupancyDayOffer(props: { date: string; locale: string; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [props.date]);
  const name = new Intl.DateTimeFormat(props.locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${props.date}T00:00:00Z`),
  );
  const close = () => {
    props.onClose();
    setTimeout(() => document.querySelector<HTMLElement>(`button.day-head[data-day="${props.date}"]`)?.focus());
  };
  return (
    <section class="offer" aria-labelledby="occ-offer">
      <h3 id="occ-offer" ref={heading} tabIndex={-1}>
        {name}
      </h3>
      <p class="row">
        <a class="button" href={screenHref('blackouts', ['new'], { date: props.date })}>
          Add blackout
        </a>
        <a class="button" href={screenHref('calendar', [], { date: props.date })}>
          Open in the calendar
        </a>
        <button type="button" onClick={close}>
          Close
        </button>
      </p>
    </section>
  );
}
