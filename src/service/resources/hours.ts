/**
 * A resource's weekly hours in its body (RESOURCES.md §1): the same form and the same checks as
 * a schedule's `hours` (SLOTS.md §1, `slots/schedule-schema.ts` and `schedule-rules.ts`): each
 * interval `["HH:MM", "HH:MM"]` opens before it closes, none overlaps another of its day, and at
 * least one day has times. What passes is stored in one order (`shared/hours-record.ts`).
 * @module
 */
import type { ResourceHours } from '../../shared/resource-records.ts';
import { sortedHours } from '../shared/hours-record.ts';
import { scheduleIssues } from '../slots/schedule-rules.ts';
import { WeeklyHoursInputSchema } from '../slots/schedule-schema.ts';

/**
 * `hours` in a resource's body: an object by weekday (null, for always, is the body's). The
 * issues a schedule's `hours` would have, at the same paths (`hours.mon[1]`:
 * `overlaps ["09:00","12:00"] (mon[0])`).
 */
export const HoursInputSchema = WeeklyHoursInputSchema.superRefine(
  (value, ctx) => {
    // Only the hours are given: the checks of the other schedule fields find nothing.
    for (const issue of scheduleIssues({ hours: value }))
      ctx.addIssue({ code: 'custom', path: issue.path.slice(1), message: issue.message });
  },
  { when: () => true },
)
  .transform((value) => sortedHours(value as ResourceHours))
  .openapi('ResourceHoursInput', {
    description: 'Weekly intervals ["HH:MM", "HH:MM"] by day (mon … sun) in the shop\'s zone.',
    example: { tue: [['09:00', '17:00']], sat: [['08:00', '12:00']] },
  });
