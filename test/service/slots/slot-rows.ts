/**
 * Schedules, holds and bookings of slots written straight into the database, for the read
 * suites (GET /v1/slots, the month view) while holds of slots are built elsewhere: a slot item
 * keeps its UTC instants (all_day 0), the local date of its start and the day after.
 */
import { addDays } from '../../../src/shared/plain-date.ts';
import type { Schedule } from '../../../src/shared/schedule.ts';
import { plainDateInZone } from '../../../src/shared/zones.ts';
import type { TestService } from '../../helpers/service.ts';

/** The fixture's Melbourne shop. */
export const TZ = 'Australia/Melbourne';

/** A schedule with every default filled, as the service stores one. */
export function schedule(fields: Partial<Schedule> & Pick<Schedule, 'counting' | 'duration_minutes'>): Schedule {
  return {
    interval_minutes: fields.duration_minutes,
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    min_notice_minutes: 0,
    horizon_days: 365,
    max_slots: 1,
    ...fields,
  };
}

/** Sets (or with null clears) the schedule of the fixture's variant `externalId`. */
export async function setSchedule(service: TestService, externalId: number, value: Schedule | null): Promise<void> {
  await service.db.query('UPDATE variants SET schedule = $1::jsonb WHERE external_id = $2', [
    value === null ? null : JSON.stringify(value),
    externalId,
  ]);
}

/** What one slot hold or booking takes: the variant, the UTC instants and the units. */
export interface SlotItem {
  externalId: number;
  start: string;
  finish: string;
  quantity: number;
}

function days(start: string) {
  const startDay = plainDateInZone(Date.parse(start), TZ);
  return [startDay, addDays(startDay, 1)] as const;
}

/** A cart's hold of slots, expiring at `expiresAt` (default: a day after the test clock). Its reservation id. */
export async function holdSlots(
  service: TestService,
  cartToken: string,
  items: SlotItem[],
  expiresAt = new Date(service.clock.now() + 86_400_000).toISOString(),
): Promise<number> {
  const { rows } = await service.db.query<{ id: number }>(
    `INSERT INTO reservations (shop_id, cart_token, created_at, updated_at, expires_at)
     VALUES (1, $1, $2, $2, $3) RETURNING id`,
    [cartToken, new Date(service.clock.now()).toISOString(), expiresAt],
  );
  const id = rows[0]!.id;
  for (const item of items) {
    const [startDay, finishDay] = days(item.start);
    await service.db.query(
      `INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity, all_day)
       SELECT $1, v.id, $3, $4, $5, $6, $7, 0 FROM variants v WHERE v.external_id = $2`,
      [id, item.externalId, item.start, item.finish, startDay, finishDay, item.quantity],
    );
  }
  return id;
}

/** A confirmed (or `status`) booking of one slot item. */
export async function bookSlot(service: TestService, item: SlotItem, status = 'confirmed'): Promise<void> {
  const [startDay, finishDay] = days(item.start);
  const { rows } = await service.db.query<{ id: number }>(
    `INSERT INTO bookings (shop_id, status, starts_at, finishes_at, start_day, finish_day, created_at)
     VALUES (1, $1, $2, $3, $4, $5, $2) RETURNING id`,
    [status, item.start, item.finish, startDay, finishDay],
  );
  await service.db.query(
    'INSERT INTO booking_items (booking_id, variant_id, quantity) SELECT $1, v.id, $3 FROM variants v WHERE v.external_id = $2',
    [rows[0]!.id, item.externalId, item.quantity],
  );
}
