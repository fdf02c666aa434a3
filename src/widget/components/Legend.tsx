/**
 * What the day styles mean: available, few left, fewer than asked for, fully booked, closed.
 * Each swatch is the same part as the days it explains, so a theme's restyling carries over.
 * @module
 */
import type { View } from '../models/view-model.ts';

/** The calendar's key. */
export function Legend({ vm }: { vm: View }) {
  const t = vm.t.value;
  const items = [
    ['day', 'legendFree'],
    ['day day-few', 'legendFew'],
    ['day day-unavailable day-short', 'legendShort'],
    ['day day-unavailable day-sold', 'legendSold'],
    ['day day-unavailable day-closed', 'legendClosed'],
  ] as const;
  return (
    <ul part="legend" aria-label={t('legend')}>
      {items.map(([part, key]) => (
        <li key={key}>
          <span part={`swatch ${part}`} aria-hidden="true" />
          {t(key)}
        </li>
      ))}
    </ul>
  );
}
