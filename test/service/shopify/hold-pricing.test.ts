/**
 * What a hold records when it is made (migration 13): the pricing of the widget the storefront
 * shows for its product and the quantity its cart line must carry. The database computes it
 * (a trigger, so every writer of holds records it); it must agree with the rule the widget
 * charges by (shared/pricing.ts) for every widget type, count, pricing and length, in days or,
 * for a variant booked by times of day, in slots (migration 21).
 */
import { expect, it } from 'vitest';
import { priceUnitsOfDays, priceUnitsOfSlots } from '../../../src/shared/pricing.ts';
import type { WidgetSettings } from '../../../src/shared/records.ts';
import { resolveSettings } from '../../../src/shared/settings.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { catalogIds, withService } from '../api.ts';

describeEachDatabase('Holds: the cart quantity recorded with each held item', (database) => {
  it('records the same pricing and cart quantity as the widget charges, for every type, count, pricing and length, and the range defaults on no widget', async () => {
    await withService(database, async (service) => {
      const { kayak, single } = await catalogIds(service);
      const { rows } = await service.db.query<{ id: number }>(
        `INSERT INTO reservations (shop_id, cart_token, created_at, updated_at, expires_at) VALUES (1, 'cart-pricing', now(), now(), now()) RETURNING id`,
      );
      const reservation = rows[0]!.id;
      const recorded = async (days: number) => {
        const finish = `2026-12-${String(10 + days).padStart(2, '0')}`;
        const {
          rows: [item],
        } = await service.db.query<{ pricing: string; line_quantity: number }>(
          `INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity)
           VALUES ($1, $2, '2026-12-09T13:00:00Z', $3::date, '2026-12-10', $3::date, 3) RETURNING pricing, line_quantity`,
          [reservation, single, finish],
        );
        return { pricing: item!.pricing, line_quantity: Number(item!.line_quantity) };
      };
      const widgetId = (
        await service.db.query<{ widget_id: number }>('SELECT widget_id FROM widget_products WHERE product_id = $1', [
          kayak,
        ])
      ).rows[0]!.widget_id;
      let cases = 0;
      for (const type of ['date', 'range', 'slot'] as const) {
        for (const count of [undefined, 'days', 'nights'] as const) {
          for (const pricing of [undefined, 'booking', 'day', 'night', 'slot'] as const) {
            const stored: Partial<WidgetSettings> = { ...(count && { count }), ...(pricing && { pricing }) };
            await service.db.query('UPDATE widgets SET type = $2, settings = $3::jsonb WHERE id = $1', [
              widgetId,
              type,
              JSON.stringify(stored),
            ]);
            const settings = resolveSettings(type, stored);
            for (const days of [1, 2, 3, 5]) {
              expect({ type, ...stored, days, ...(await recorded(days)) }).toEqual({
                type,
                ...stored,
                days,
                pricing: settings.pricing,
                line_quantity: 3 * priceUnitsOfDays(days, settings),
              });
              cases++;
            }
          }
        }
      }
      await service.db.query('DELETE FROM widget_products WHERE product_id = $1', [kayak]);
      expect(await recorded(4)).toEqual({ pricing: 'day', line_quantity: 12 });
      expect(cases).toBe(180);
    });
  });

  it('records per slot the units × the slots of a timed item under slot pricing, the units alone under any other, for every type and length', async () => {
    await withService(database, async (service) => {
      const { kayak, single } = await catalogIds(service);
      await service.db.query(`UPDATE variants SET schedule = '{"duration_minutes": 60}'::jsonb WHERE id = $1`, [
        single,
      ]);
      const { rows } = await service.db.query<{ id: number }>(
        `INSERT INTO reservations (shop_id, cart_token, created_at, updated_at, expires_at) VALUES (1, 'cart-slots', now(), now(), now()) RETURNING id`,
      );
      const recorded = async (slots: number) => {
        const {
          rows: [item],
        } = await service.db.query<{ pricing: string; line_quantity: number }>(
          `INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity, all_day)
           VALUES ($1, $2, '2026-12-09T22:00:00Z', '2026-12-09T22:00:00Z'::timestamptz + make_interval(hours => $3), '2026-12-10', '2026-12-11', 3, 0)
           RETURNING pricing, line_quantity`,
          [rows[0]!.id, single, slots],
        );
        return { pricing: item!.pricing, line_quantity: Number(item!.line_quantity) };
      };
      let cases = 0;
      const priced = [
        ['slot', undefined],
        ['slot', 'booking'],
        ['slot', 'slot'],
        ['date', undefined],
        ['range', undefined],
        ['range', 'night'],
      ] as const;
      for (const [type, pricing] of priced) {
        const stored: Partial<WidgetSettings> = pricing ? { pricing } : {};
        await service.db.query(
          'UPDATE widgets SET type = $2, settings = $3::jsonb WHERE id = (SELECT widget_id FROM widget_products WHERE product_id = $1)',
          [kayak, type, JSON.stringify(stored)],
        );
        const settings = resolveSettings(type, stored);
        for (const slots of [1, 2, 3, 4]) {
          expect({ type, stored: pricing ?? null, slots, ...(await recorded(slots)) }).toEqual({
            type,
            stored: pricing ?? null,
            slots,
            pricing: settings.pricing,
            line_quantity: 3 * priceUnitsOfSlots(slots, settings),
          });
          cases++;
        }
      }
      expect(cases).toBe(24);
    });
  });
});
