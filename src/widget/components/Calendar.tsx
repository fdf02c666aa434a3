/**
 * The month calendar: a plain `<table>` of day buttons (Cally's model), one of them in the tab
 * order (roving tabindex), arrow, Page and Home/End keys per the WAI-ARIA date picker.
 * Unavailable days stay focusable with `aria-disabled`, so screen-reader users hear why.
 * @module
 */
import { type PlainDate, addDays, addMonths } from '../../shared/plain-date.ts';
import { dayForKey, monthWeeks, startOfWeek } from '../calendar/grid.ts';
import type { View } from '../models/view-model.ts';

/** The calendar of the shown month. */
export function Calendar({ vm }: { vm: View }) {
  const focus = vm.focus.value!;
  const month = vm.month.value!;
  const f = vm.formats.value;
  const t = vm.t.value;
  const ready = vm.monthReady.value;
  const reasons = vm.reasons.value;
  const today = vm.booking.today.value;
  const [start, end] = [vm.selection.start.value, vm.selection.end.value];
  const firstDay = vm.firstDay.value;
  const bounds = vm.bounds.value!;

  const onKeyDown = (e: KeyboardEvent) => {
    const to = dayForKey(e.key, e.shiftKey, focus, vm.rtl.value, firstDay);
    const choose = e.key === 'Enter' || e.key === ' ';
    if (!to && !choose) return;
    e.preventDefault();
    if (to) vm.moveFocus(to);
    else vm.choose(focus);
    // The action re-rendered synchronously (signals effects run when it ends): the focused
    // day's button may be another element now, so hand it the DOM focus.
    (e.currentTarget as HTMLElement).querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  };

  const label = (d: PlainDate) => {
    const reason = ready ? reasons[d] : undefined;
    return f.day(d) + (ready ? (reason ? `, ${t('unavailable')}: ${t(reason)}` : '') : `, ${t('loading')}`);
  };

  const day = (d: PlainDate) => {
    const reason = ready ? reasons[d] : undefined;
    const selected = !!start && (d === start || (!!end && d > start && d <= end));
    const parts = ['day', selected && 'day-selected', (reason || !ready) && 'day-unavailable', d === today && 'day-today'];
    return (
      <button
        type="button"
        part={parts.filter(Boolean).join(' ')}
        tabIndex={d === focus ? 0 : -1}
        aria-pressed={selected ? 'true' : 'false'}
        aria-current={d === today ? 'date' : undefined}
        aria-disabled={reason || !ready ? 'true' : undefined}
        aria-label={label(d)}
        title={reason && t(reason)}
        data-reason={reason}
        onClick={() => vm.choose(d)}
      >
        {f.dayNumber(d)}
      </button>
    );
  };

  const weekStart = startOfWeek(month, firstDay);
  const focusReason = ready && reasons[focus];
  return (
    <div part="calendar">
      <div class="head">
        <button type="button" part="nav nav-previous" aria-label={t('prev')} aria-disabled={month <= bounds.min ? 'true' : undefined} onClick={() => vm.moveFocus(addMonths(focus, -1))}>‹</button>
        <h2 part="heading" aria-live="polite">{f.month(month)}</h2>
        <button type="button" part="nav nav-next" aria-label={t('next')} aria-disabled={addMonths(month, 1) > bounds.max ? 'true' : undefined} onClick={() => vm.moveFocus(addMonths(focus, 1))}>›</button>
      </div>
      <table part="table" aria-label={f.month(month)} aria-busy={ready ? undefined : 'true'} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {[0, 1, 2, 3, 4, 5, 6].map((i) => (
              <th scope="col">
                <span aria-hidden="true">{f.weekday(addDays(weekStart, i))}</span>
                <span class="sr">{f.weekday(addDays(weekStart, i), true)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month, firstDay).map((week) => (
            <tr>{week.map((d) => <td>{d && day(d)}</td>)}</tr>
          ))}
        </tbody>
      </table>
      {/* The focused day's reason, visible to sighted keyboard users too; its button already says it to screen readers. */}
      <p part="day-info" aria-hidden="true">{focusReason ? label(focus) : ''}</p>
    </div>
  );
}
