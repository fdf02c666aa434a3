/**
 * What each day of the shown month is, for the calendar to show and say: why it cannot be
 * chosen (with what the merchant tells shoppers of a blackout), how many are left when few, and its place in
 * the choice (start, end, a day between) or in the previewed range under the pointer or focus.
 * While a range's end is being chosen, a day that cannot end it says why (too long, too short,
 * an unavailable day in between): choosing it starts new dates from it.
 * @module
 */
import { type PlainDate, addMonths, eachDay } from '../../shared/plain-date.ts';
import {
  type DayFacts,
  type EndProblem,
  type Reason,
  closedBy,
  dayReason,
  fewLeft,
  rangeProblem,
} from '../calendar/rules.ts';

/** One day's state. */
export interface DayState {
  reason?: Reason | undefined;
  title?: string | undefined;
  left?: number | undefined;
  role?: 'start' | 'end' | 'in' | 'one' | undefined;
  /** Why the chosen start's range cannot end here (choosing the day starts new dates instead). */
  noEnd?: EndProblem | undefined;
  /** In the range the shopper would choose by ending it here. */
  preview?: boolean | undefined;
}

/** The choice as the calendar needs it. */
export interface ChoiceState {
  range: boolean;
  start?: PlainDate | undefined;
  end?: PlainDate | undefined;
  /** The day under the pointer or focus, while a range's end is being chosen. */
  hovered?: PlainDate | undefined;
  opens(date: PlainDate): boolean;
}

/** The states of the days of `month` (the first of a month). */
export function dayStates(month: PlainDate, facts: DayFacts | undefined, c: ChoiceState): Record<string, DayState> {
  const out: Record<string, DayState> = {};
  if (!facts) return out;
  const { start, end, hovered } = c;
  const ending = c.range && start && !end ? start : undefined;
  const noEnd = (d: PlainDate) => (ending && d > ending ? rangeProblem(ending, d, facts) : undefined);
  const previewEnd = ending && hovered && hovered > ending && !noEnd(hovered) ? hovered : undefined;
  for (const d of eachDay(month, addMonths(month, 1))) {
    const problem = noEnd(d);
    // A day that cannot end the range would start new dates: judged as a start.
    const reason = dayReason(d, facts, !!problem || c.opens(d));
    const role = !start
      ? undefined
      : !c.range
        ? d === start
          ? 'one'
          : undefined
        : d === start
          ? 'start'
          : end && d === end
            ? 'end'
            : end && d > start && d < end
              ? 'in'
              : undefined;
    out[d] = {
      reason,
      title: reason === 'closed' ? closedBy(d, facts) : undefined,
      left: reason === 'short' ? facts.availability[d]?.quantity_free : fewLeft(d, facts),
      role,
      noEnd: reason ? undefined : problem,
      preview: !!previewEnd && d > start! && d <= previewEnd,
    };
  }
  return out;
}
