// The one pricing rule the widget charges the cart by and the service books order lines by:
// days, nights, or (issue 29) slots of a variant booked by times of day.
import { describe, expect, it } from 'vitest';
import { priceUnitsOfDays, priceUnitsOfSlots, slotsIn } from '../../src/shared/pricing.ts';
import { defaultSettings, resolveSettings } from '../../src/shared/settings.ts';

const HOUR = 3_600_000;

describe('pricing of slots', () => {
  it('charges a unit once per slot under slot pricing, and once for the whole run under any other', () => {
    expect([1, 2, 3, 4].map((n) => priceUnitsOfSlots(n, { pricing: 'slot' }))).toEqual([1, 2, 3, 4]);
    for (const pricing of ['booking', 'day', 'night'] as const) {
      expect([1, 3].map((n) => priceUnitsOfSlots(n, { pricing }))).toEqual([1, 1]);
    }
  });

  it('counts the slots of a run by its elapsed time over the slot length, at least one', () => {
    expect(slotsIn(0, 3 * HOUR, 60)).toBe(3);
    expect(slotsIn(0, 3 * HOUR, 90)).toBe(2);
    expect(slotsIn(0, 2 * HOUR, 120)).toBe(1);
    expect(slotsIn(0, 0, 60)).toBe(1);
  });

  it('charges whole days held under slot pricing once, as per booking (days hold no slots)', () => {
    expect(priceUnitsOfDays(3, { count: 'days', pricing: 'slot' })).toBe(1);
    expect(priceUnitsOfDays(3, { count: 'days', pricing: 'day' })).toBe(3);
  });
});

describe('settings of a slot widget', () => {
  it('default to per-booking pricing (per person) over one day, like a date widget', () => {
    expect(defaultSettings('slot')).toMatchObject({ pricing: 'booking', min_days: 1, max_days: 1 });
    expect(resolveSettings('slot', { pricing: 'slot', max_days: 5 })).toMatchObject({ pricing: 'slot', max_days: 1 });
    expect(resolveSettings('slot', { count: 'nights' }).pricing).toBe('booking');
    expect(defaultSettings('range')).toMatchObject({ pricing: 'day', max_days: 7 });
  });
});
