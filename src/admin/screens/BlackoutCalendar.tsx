/**
 * The blackouts of a month on a calendar: a header row of weekdays named in the shop's
 * language, weeks starting on the shop's first day of the week (as its storefront widget's
 * calendar does), seven equal columns whatever the titles, each day listing the blackouts that
 * cover it.
 * @module
 */
import type { Blackout } from '../../client/index.ts';
import { addDays, addMonths, dayOfWeek, diffDays, eachDay, type PlainDate } from '../../shared/plain-date.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import { firstDayOfWeek } from '../../shared/month-grid.ts';

/** The calendar of the month starting on `first`; `list` is every blackout loaded. */
export function BlackoutCalendar(props: { first: PlainDate; list: Blackout[]; tz: string; locale: string }) {
  const { first, list, tz, locale } = props;
  const next = addMonths(first, 1);
  const weekStart = firstDayOfWeek(locale);
  const start = addDays(first, -((dayOfWeek(first) - weekStart + 7) % 7));
  const weeks = Math.ceil(diffDays(start, next) / 7);
  const days = eachDay(start, addDays(start, weeks * 7));
  const name = (day: PlainDate, weekday: 'short' | 'long') =>
    new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  // A blackout covers the shop's days from the one it starts on to the one before it finishes.
  const covers = (b: Blackout, day: PlainDate) =>
    plainDateInZone(new Date(b.starts_at), tz) <= day &&
    day <= plainDateInZone(new Date(b.finishes_at).getTime() - 1, tz);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${first}T00:00:00Z`),
  );
  return (
    <div class="table-wrap" tabIndex={0} role="region" aria-label={`Blackouts in ${monthName}`}>
      <table class="cal">
        <caption>{monthName}</caption>
        <thead>
          <tr>
            {days.slice(0, 7).map((day) => (
              <th key={day} scope="col">
                <abbr title={name(day, 'long')}>{name(day, 'short')}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: weeks }, (_, w) => (
            <tr key={w}>
              {days.slice(w * 7, w * 7 + 7).map((day) => (
                <td key={day} class={day < first || day >= next ? 'out' : undefined}>
                  <strong>{Number(day.slice(8))}</strong>
                  {list
                    .filter((b) => covers(b, day))
                    .map((b) => (
                      <span key={b.id} class="hint" title={b.title ?? 'Closed'}>
                        {b.title ?? 'Closed'}
                      </span>
                    ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
