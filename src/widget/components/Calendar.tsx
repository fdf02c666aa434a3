/**
 * The month calendar: a plain `<table>` of day buttons (Cally's model) per shown month (two side
 * by side where the widget is wide enough), one day of them all in the tab
 * order (roving tabindex), arrow, Page and Home/End keys per the WAI-ARIA date picker, moving
 * from the day that has focus. Unavailable days stay focusable with `aria-disabled`, so
 * screen-reader users hear why (the merchant's blackout title when there is one). While a
 * range's end is being chosen, days that cannot end it look muted and say why; choosing one
 * starts new dates from it. Days with few
 * units say how many; a range's start, end and days between are told apart, and previewed
 * under the pointer or focus before the end is chosen. Until the widget record and the month's
 * data are in, the same table is shown busy, every day disabled: a skeleton at the final size.
 * @module
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { type PlainDate, addDays, addMonths, eachDay } from '../../shared/plain-date.ts';
import { dayForKey, monthsFor, monthWeeks, startOfWeek } from '../../shared/month-grid.ts';
import { dayLabel, noEndWhy, whyNot } from '../format.ts';
import type { View } from '../models/view-model.ts';
import { Legend } from './Legend.tsx';

/** The calendar of the shown month, or of two months side by side in a wide widget. */
export function Calendar({ vm }: { vm: View }) {
  const focus = vm.focus.value ?? vm.guess.value;
  const month = vm.month.value;
  const f = vm.formats.value;
  const t = vm.t.value;
  const ready = vm.monthReady.value;
  const days = vm.days.value;
  const today = vm.booking.today.value;
  const firstDay = vm.firstDay.value;
  const bounds = vm.bounds.value;
  const heading = f.month(month);
  const table = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // Two months side by side where the widget itself is wide enough (not the page: it may sit in
  // a narrow product column). Measured before the first paint, and again on every resize.
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const width = el.clientWidth;
      // Not laid out (hidden, or a DOM without layout): keep what is shown.
      if (width > 0) vm.monthsShown.value = monthsFor(width);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [vm]);
  const keyed = useRef(false);
  useLayoutEffect(() => {
    // After a key, or once the calendar is back after Retry (whose button is gone): the
    // focused day's button takes the DOM focus, never the page's body.
    const back = vm.refocus.peek() && ready;
    if (!keyed.current && !back) return;
    keyed.current = false;
    if (back) vm.refocus.value = false;
    table.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  });

  const onKeyDown = (e: KeyboardEvent) => {
    // From the day that has the DOM focus, however it got there (a script's focus(), a screen
    // reader): its tabindex may not have caught up yet.
    const from = ((e.target as HTMLElement).dataset?.day as PlainDate | undefined) ?? focus;
    const to = dayForKey(e.key, e.shiftKey, from, vm.rtl.value, firstDay);
    const choose = e.key === 'Enter' || e.key === ' ';
    if (!to && !choose) return;
    e.preventDefault();
    if (to) vm.moveFocus(to);
    else vm.choose(from);
    // Once rendered, the focused day's button (another element when the month changed) gets
    // the DOM focus: see the layout effect above.
    keyed.current = true;
  };

  const day = (d: PlainDate) => {
    const state = ready ? days[d] : undefined;
    const r = ready ? state?.reason : 'loading';
    const parts = [
      'day',
      state?.role && 'day-selected',
      state?.role && `day-${state.role === 'in' ? 'between' : state.role}`,
      state?.preview && 'day-preview',
      r && 'day-unavailable',
      r && `day-${r === 'short' || r === 'sold' || r === 'closed' || r === 'loading' ? r : 'out'}`,
      !r && state?.left !== undefined && 'day-few',
      state?.noEnd && 'day-no-end',
      d === today && 'day-today',
    ];
    const label = dayLabel(f, t, d, r, state);
    return (
      <button
        type="button"
        part={parts.filter(Boolean).join(' ')}
        tabIndex={d === focus ? 0 : -1}
        aria-pressed={state?.role ? 'true' : 'false'}
        aria-current={d === today ? 'date' : undefined}
        aria-disabled={r ? 'true' : undefined}
        aria-label={label}
        // The reason under a mouse pointer too; touch and keyboard users get it in the line below.
        title={r && r !== 'loading' ? whyNot(f, t, r, state) : state?.noEnd && noEndWhy(t, state.noEnd)}
        data-reason={ready ? r : undefined}
        data-day={d}
        onClick={() => vm.choose(d)}
        onMouseEnter={() => vm.preview(d)}
        // A day focused any other way (a script, a screen reader) is where the keys move from.
        onFocus={() => {
          if (d !== focus) vm.moveFocus(d);
          vm.preview(d);
        }}
      >
        {f.dayNumber(d)}
      </button>
    );
  };

  const nav = (n: number, key: 'prev' | 'next', off: boolean) => (
    <button
      type="button"
      part={`nav nav-${n < 0 ? 'previous' : 'next'}`}
      aria-label={t(key)}
      aria-disabled={off ? 'true' : undefined}
      onClick={() => vm.shiftView(n)}
    >
      {n < 0 ? '‹' : '›'}
    </button>
  );
  const months = vm.months.value;
  const two = months.length > 1;
  const last = months.at(-1)!;
  const weekStart = startOfWeek(month, firstDay);
  const focused = ready ? days[focus] : undefined;
  // After a 409 its alert names the chosen days that did not fit: not said again for them here.
  const said =
    !!vm.booking.holdFailure.value?.items && (focus === vm.selection.start.value || focus === vm.selection.end.value);
  const monthTable = (m: PlainDate) => (
    <table
      key={m}
      part="table"
      aria-label={f.month(m)}
      aria-busy={ready ? undefined : 'true'}
      onKeyDown={onKeyDown}
      onMouseLeave={() => vm.preview(undefined)}
    >
      {/* Side by side, each month says which it is; one month has the heading above. */}
      {two && (
        <caption part="month-caption" aria-hidden="true">
          {f.month(m)}
        </caption>
      )}
      <thead>
        <tr>
          {eachDay(weekStart, addDays(weekStart, 7)).map((d) => (
            // Short names where there is room, narrow ones (one letter) in a narrow widget:
            // short Arabic names run into each other at 390 px. The full name is for screen readers.
            <th scope="col" key={d}>
              <span aria-hidden="true" class="ws">
                {f.weekday(d, 'short')}
              </span>
              <span aria-hidden="true" class="wn">
                {f.weekday(d, 'narrow')}
              </span>
              <span class="sr">{f.weekday(d, 'long')}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {/* Only the weeks the month has: the widget's reserved height keeps the page still. */}
        {monthWeeks(m, firstDay).map((week, row) => (
          <tr key={row}>
            {week.map((d, col) => {
              const s = d && ready ? days[d] : undefined;
              // Few left, or fewer than the quantity asked for ("only 1 left"): said on screen too.
              const left = s && (!s.reason || s.reason === 'short') ? s.left : undefined;
              return (
                <td key={col}>
                  {d && day(d)}
                  {/* "3 left" under the number: beside the button, so the button's visible text stays its number (its name says it all). */}
                  {left !== undefined && (
                    <span class="left" aria-hidden="true">
                      {t(s!.reason ? 'onlyN' : 'unitsLeft', f.number(left))}
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <div part="calendar" ref={root}>
      <div class="head">
        {nav(-1, 'prev', !!bounds && month <= bounds.min)}
        <h2 part="heading" aria-live="polite">
          {two ? f.monthRange(month, last) : heading}
        </h2>
        {nav(1, 'next', !!bounds && addMonths(last, 1) > bounds.max)}
      </div>
      <div class="months" ref={table}>
        {months.map(monthTable)}
      </div>
      {/* The focused day's reason, visible to sighted keyboard and touch users too; its button already says it to screen readers. */}
      <p part="day-info" aria-hidden="true">
        {(focused?.reason && !said) || focused?.noEnd ? dayLabel(f, t, focus, focused.reason, focused) : ''}
      </p>
      <Legend vm={vm} />
    </div>
  );
}
