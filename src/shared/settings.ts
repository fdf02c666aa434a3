/**
 * Widget settings with their defaults, so the service and the widget read them alike.
 * @module
 */
import type { WidgetSettings, WidgetType } from './records.ts';

/**
 * The settings a widget of `type` has when it names none. A `slot` widget books one slot run
 * within a day, priced per person (per unit and booking); its window is its variants' schedule's
 * (`min_notice_minutes`, `horizon_days`), so `lead_days` and `horizon_days` keep their shape only.
 */
export function defaultSettings(type: WidgetType): WidgetSettings {
  return {
    lead_days: 0,
    horizon_days: 365,
    min_days: 1,
    max_days: type === 'range' ? 7 : 1,
    count: 'days',
    first_day_of_week: null,
    quantity_min: 1,
    quantity_max: 10,
    hold_minutes: 15,
    pricing: type === 'range' ? 'day' : 'booking',
    max_slots: 1,
  };
}

/**
 * `partial` over the defaults for `type`; a "date" widget always spans exactly one day, and so
 * does a "slot" widget (its length is counted in slots, not days).
 */
export function resolveSettings(type: WidgetType, partial: Partial<WidgetSettings> = {}): WidgetSettings {
  // A range counted in nights is priced per night unless the widget says otherwise.
  const pricing = partial.pricing ?? (type === 'range' && partial.count === 'nights' ? 'night' : undefined);
  return {
    ...defaultSettings(type),
    ...partial,
    ...(pricing && { pricing }),
    ...(type !== 'range' && { min_days: 1, max_days: 1 }),
  };
}
