/**
 * Widget settings with their defaults, so the service and the widget read them alike.
 * @module
 */
import type { WidgetSettings, WidgetType } from './records.ts';

/** The settings a widget of `type` has when it names none. */
export function defaultSettings(type: WidgetType): WidgetSettings {
  return {
    lead_days: 0,
    horizon_days: 365,
    min_days: 1,
    max_days: type === 'date' ? 1 : 7,
    count: 'days',
    first_day_of_week: null,
    quantity_min: 1,
    quantity_max: 10,
    hold_minutes: 15,
  };
}

/** `partial` over the defaults for `type`; a "date" widget always spans exactly one day. */
export function resolveSettings(type: WidgetType, partial: Partial<WidgetSettings> = {}): WidgetSettings {
  return { ...defaultSettings(type), ...partial, ...(type === 'date' && { min_days: 1, max_days: 1 }) };
}
