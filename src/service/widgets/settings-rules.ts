/**
 * The rules of a widget's settings, shared by the fixture's check and the widget writes: each
 * setting's type and range, and the message when a value breaks them.
 * @module
 */
import type { WidgetType } from '../../shared/records.ts';

const BOUNDS: Record<string, [number, number]> = {
  lead_days: [0, 3650],
  horizon_days: [1, 3650],
  min_days: [1, 366],
  max_days: [1, 366],
  quantity_min: [1, 10_000],
  quantity_max: [1, 10_000],
  hold_minutes: [1, 1440],
  max_slots: [1, 48],
};

const CHOICES: Record<string, readonly string[]> = {
  count: ['days', 'nights'],
  pricing: ['booking', 'day', 'night', 'slot'],
};

/** Every setting a widget may have. */
export const SETTING_NAMES: readonly string[] = [...Object.keys(BOUNDS), ...Object.keys(CHOICES), 'first_day_of_week'];

/** What is wrong with `value` for the setting `key`, or undefined when it is fine. */
export function settingError(key: string, value: unknown): string | undefined {
  const bounds = BOUNDS[key];
  if (bounds)
    return Number.isInteger(value) && (value as number) >= bounds[0] && (value as number) <= bounds[1]
      ? undefined
      : `must be a whole number from ${bounds[0]} to ${bounds[1]}`;
  const choices = CHOICES[key];
  if (choices) return choices.includes(value as string) ? undefined : `must be one of ${choices.join(', ')}`;
  if (key === 'first_day_of_week')
    return value === null || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 6)
      ? undefined
      : 'must be 0-6 or null';
  return 'is not a widget setting';
}

/**
 * What is wrong with the settings as a whole: a shortest range longer than the longest, day
 * limits other than one on a `date` or `slot` widget (which books one day: silently ignoring a
 * merchant's `max_days: 5` there would hide the mistake), or a pricing the type cannot apply
 * (`slot` counts slots, which only a slot widget books; a slot run lies within one day, so `day`
 * and `night` would charge it as one booking).
 */
export function settingsError(
  settings: Record<string, unknown>,
  type: WidgetType = 'range',
): [string, string] | undefined {
  const { min_days: min, max_days: max, quantity_min: qmin, quantity_max: qmax, pricing } = settings;
  if (type !== 'range') {
    for (const key of ['min_days', 'max_days'] as const) {
      if (settings[key] !== undefined && settings[key] !== 1)
        return [key, `must be 1 on a ${type} widget, which books one day (use type "range" for longer bookings)`];
    }
  }
  if (type !== 'slot' && settings.max_slots !== undefined && settings.max_slots !== 1)
    return ['max_slots', `must be 1 on a ${type} widget (a length in slots is a slot widget's choice)`];
  if (type === 'slot' && (pricing === 'day' || pricing === 'night'))
    return ['pricing', 'must be "booking" or "slot" on a slot widget (a slot is booked within one day)'];
  if (type !== 'slot' && pricing === 'slot')
    return [
      'pricing',
      `must be "booking", "day" or "night" on a ${type} widget ("slot" counts the slots of a slot widget)`,
    ];
  if (typeof min === 'number' && typeof max === 'number' && min > max)
    return ['min_days', 'must not be more than max_days'];
  if (typeof qmin === 'number' && typeof qmax === 'number' && qmin > qmax)
    return ['quantity_min', 'must not be more than quantity_max'];
  return undefined;
}
