/**
 * The weeks of a month and the keyboard moves across them (WAI-ARIA date picker model), shared by
 * the widget's calendar and the admin's blackout calendar.
 * Pure functions on `YYYY-MM-DD` days, through date-fns: no zone can shift a cell.
 * @module
 */
import { startOfWeek as weekStart } from 'date-fns';
import { type PlainDate, addDays, addMonths, eachDay, fromDate, startOfMonth, toDate } from './plain-date.ts';

/** A week row: seven days, `null` for cells outside the month. */
export type Week = (PlainDate | null)[];

/** The first day of the week for `locale` (0 = Sunday), from `Intl.Locale` week info when known. */
export function firstDayOfWeek(locale: string): number {
  try {
    const l = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const first = (l.getWeekInfo?.() ?? l.weekInfo)?.firstDay;
    if (first) return first % 7;
  } catch {
    // Older engines: fall through to Monday, the most common first day.
  }
  return 1;
}

/** The start of the week that holds `date`. */
export function startOfWeek(date: PlainDate, firstDay: number): PlainDate {
  return fromDate(weekStart(toDate(date), { weekStartsOn: firstDay as 0 | 1 | 2 | 3 | 4 | 5 | 6 }));
}

/**
 * The weeks of `month` that hold one of its days (four to six), `null` for the cells of the
 * months either side. No empty row: the widget's reserved height (`min-height`), not the
 * table, keeps the page still from month to month.
 */
export function monthWeeks(month: PlainDate, firstDay: number): Week[] {
  const first = startOfMonth(month);
  const start = startOfWeek(first, firstDay);
  const weeks: Week[] = [];
  for (let d = start; startOfMonth(d) <= first; d = addDays(d, 7)) {
    weeks.push(eachDay(d, addDays(d, 7)).map((x) => (startOfMonth(x) === first ? x : null)));
  }
  return weeks;
}

/**
 * The day a key moves the focus to, or `undefined` for keys the calendar does not handle.
 * Left and right swap in right-to-left layouts, where the week runs from right to left.
 */
export function dayForKey(
  key: string,
  shift: boolean,
  date: PlainDate,
  rtl: boolean,
  firstDay: number,
): PlainDate | undefined {
  const back = rtl ? 1 : -1;
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, back);
    case 'ArrowRight':
      return addDays(date, -back);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return startOfWeek(date, firstDay);
    case 'End':
      return addDays(startOfWeek(date, firstDay), 6);
    case 'PageUp':
      return addMonths(date, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(date, shift ? 12 : 1);
  }
  return undefined;
}

/** The narrowest widget (CSS px) that shows two months side by side: two 7-day grids of 44 px days with room between. */
export const TWO_MONTHS_MIN_WIDTH = 640;

/** How many months a widget `width` CSS px wide shows side by side. */
export function monthsFor(width: number): number {
  return width >= TWO_MONTHS_MIN_WIDTH ? 2 : 1;
}
