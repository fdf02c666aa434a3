/**
 * The month calendar: a plain `<table>` of day buttons (Cally's model), one of them in the tab
 * order (roving tabindex), arrow, Page and Home/End keys per the WAI-ARIA date picker.
 * Unavailable days stay focusable with `aria-disabled`, so screen-reader users hear why.
 * Until the widget record and the month's data are in, the same table is shown busy, every
 * day disabled: a skeleton at the final size.
 * @module
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { type PlainDate, addDays, addMonths, eachDay } from '../../shared/plain-date.ts';
import { dayForKey, monthWeeks, startOfWeek } from '../calendar/grid.ts';
import { dayLabel } from '../format.ts';
import type { View } from '../models/view-model.ts';

/** The calendar of the shown month. */
export function Calendar({ vm }: { vm: View }) {
  const focus = vm.focus.value ?? vm.guess.value;
  const month = vm.month.value;
  const f = vm.formats.value;
  const t = vm.t.value;
  const ready = vm.monthReady.value;
  const reasons = vm.reasons.value;
  const today = vm.booking.today.value;
  const start = vm.selection.start.value;
  const end = vm.selection.end.value;
  const firstDay = vm.firstDay.value;
  const bounds = vm.bounds.value;
  const heading = f.month(month);

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
    // the DOM focus: see the layout effect below.
    keyed.current = true;
  };
  const table = useRef<HTMLTableElement>(null);
  const keyed = useRef(false);
  useLayoutEffect(() => {
    if (!keyed.current) return;
    keyed.current = false;
    table.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  });

  /** The day's reason, `"loading"` while its month is not in. */
  const why = (d: PlainDate) => (ready ? reasons[d] : 'loading');
  const label = (d: PlainDate) => dayLabel(f, t, d, why(d));

  const day = (d: PlainDate) => {
    const r = why(d);
    const selected = !!start && (d === start || (!!end && d > start && d <= end));
    const parts = ['day', selected && 'day-selected', r && 'day-unavailable', d === today && 'day-today'];
    return (
      <button
        type="button"
        part={parts.filter(Boolean).join(' ')}
        tabIndex={d === focus ? 0 : -1}
        aria-pressed={selected ? 'true' : 'false'}
        aria-current={d === today ? 'date' : undefined}
        aria-disabled={r ? 'true' : undefined}
        aria-label={label(d)}
        title={ready && r ? t(r) : undefined}
        data-reason={ready ? r : undefined}
        data-day={d}
        onClick={() => vm.choose(d)}
        // A day focused any other way (a script, a screen reader) is where the keys move from.
        onFocus={() => d !== focus && vm.moveFocus(d)}
      >
        {f.dayNumber(d)}
      </button>
    );
  };

  const nav = (n: number, key: 'prev' | 'next', off: boolean) => (
    <button type="button" part={`nav nav-${n < 0 ? 'previous' : 'next'}`} aria-label={t(key)} aria-disabled={off ? 'true' : undefined} onClick={() => vm.moveFocus(addMonths(focus, n))}>
      {n < 0 ? '‹' : '›'}
    </button>
  );
  const weekStart = startOfWeek(month, firstDay);
  const focusReason = ready && reasons[focus];
  return (
    <div part="calendar">
      <div class="head">
        {nav(-1, 'prev', !!bounds && month <= bounds.min)}
        <h2 part="heading" aria-live="polite">{heading}</h2>
        {nav(1, 'next', !!bounds && addMonths(month, 1) > bounds.max)}
      </div>
      <table ref={table} part="table" aria-label={heading} aria-busy={ready ? undefined : 'true'} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {eachDay(weekStart, addDays(weekStart, 7)).map((d) => {
              // Short names where there is room, narrow ones (one letter) in a narrow widget:
              // short Arabic names run into each other at 390 px. The full name is for screen readers.
              return (
                <th scope="col" key={d}>
                  <span aria-hidden="true" class="ws">{f.weekday(d, 'short')}</span>
                  <span aria-hidden="true" class="wn">{f.weekday(d, 'narrow')}</span>
                  <span class="sr">{f.weekday(d, 'long')}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month, firstDay).map((week, row) => (
            <tr key={row}>{week.map((d, col) => <td key={col}>{d && day(d)}</td>)}</tr>
          ))}
        </tbody>
      </table>
      {/* The focused day's reason, visible to sighted keyboard users too; its button already says it to screen readers. */}
      <p part="day-info" aria-hidden="true">{focusReason ? label(focus) : ''}</p>
    </div>
  );
}
