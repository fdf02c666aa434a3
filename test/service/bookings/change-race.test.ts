// Changes racing for the last unit (issue 30, point 3): PATCHes moving bookings onto a day with
// one unit left, new bookings and holds for it, all at once; exactly one wins and the day never
// goes above capacity (PGlite, and PostgreSQL with a pool of 10 connections, where the
// requests really run at once and meet at the variant's row lock).
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { hourlySchedule, setSchedule } from '../../helpers/schedules.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, withService } from '../api.ts';
import { unitsPerDay } from '../reservations/api.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

const booking = (start: string, finish: string, quantity = 1) => ({
  starts_at: start,
  finishes_at: finish,
  items: [{ external_id: 8002, quantity }],
  customers: [ada],
});

async function book(service: TestService, body: unknown): Promise<number> {
  const made = await api(service).post('/v1/bookings', body);
  expect(made.status).toBe(201);
  return made.body.id;
}

describeEachDatabase('PATCH /v1/bookings/{id} racing for the last unit', (database) => {
  it('of 8 bookings moved, 4 bookings made and 4 holds onto a day with 1 unit left, exactly one wins', async () => {
    await withService(database, async (service) => {
      // Double kayaks (2): one taken on 20 December, one left.
      await book(service, booking('2026-12-20 09:00', '2026-12-20 17:00'));
      const movers: number[] = [];
      for (let i = 0; i < 8; i++)
        movers.push(await book(service, booking(`2026-12-${10 + i} 09:00`, `2026-12-${10 + i} 17:00`)));
      const target = { starts_at: '2026-12-20 09:00', finishes_at: '2026-12-20 17:00' };
      const answers = await Promise.all([
        ...movers.map((id) => api(service).call('PATCH', `/v1/bookings/${id}`, { body: target })),
        ...Array.from({ length: 4 }, () =>
          api(service).post('/v1/bookings', booking(target.starts_at, target.finishes_at)),
        ),
        ...Array.from({ length: 4 }, (_, i) =>
          api(service).post('/v1/reservations', {
            cart_token: `race-${i}`,
            items: [{ external_id: 8002, start: '2026-12-20', quantity: 1 }],
          }),
        ),
      ]);
      const won = answers.filter((a) => a.status === 200 || a.status === 201);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(15);
      const units = await unitsPerDay(service, 8002, service.clock.now());
      expect(units.get('2026-12-20')).toBe(2);
      // The losers stayed where they were: every other day still has its one booking.
      const moved = movers.filter((_, i) => answers[i]!.status === 200);
      for (let i = 0; i < 8; i++) {
        const day = `2026-12-${10 + i}`;
        expect(units.get(day) ?? 0).toBe(moved.includes(movers[i]!) ? 0 : 1);
      }
    });
  });

  it('two changes of one booking at once both apply in turn: the booking ends as one of them left it', async () => {
    await withService(database, async (service) => {
      const id = await book(service, booking('2026-12-10 09:00', '2026-12-10 17:00'));
      const [a, b] = await Promise.all([
        api(service).call('PATCH', `/v1/bookings/${id}`, { body: { items: [{ external_id: 8002, quantity: 2 }] } }),
        api(service).call('PATCH', `/v1/bookings/${id}`, {
          body: { starts_at: '2026-12-11 09:00', finishes_at: '2026-12-11 17:00' },
        }),
      ]);
      expect([a!.status, b!.status]).toEqual([200, 200]);
      const final = (await api(service).get(`/v1/bookings/${id}`)).body;
      expect(final).toMatchObject({
        starts_at_local: '2026-12-11T09:00',
        items: [expect.objectContaining({ quantity: 2 })],
      });
      expect(await unitsPerDay(service, 8002, service.clock.now())).toEqual(new Map([['2026-12-11', 2]]));
    });
  });

  it('slot bookings moved onto the last unit of an hour at once: exactly one wins', async () => {
    await withService(database, async (service) => {
      await setSchedule(service.db, 8002, hourlySchedule());
      await book(service, booking('2026-12-05 14:00', '2026-12-05 15:00'));
      const movers: number[] = [];
      for (let i = 0; i < 6; i++)
        movers.push(
          await book(service, booking(`2026-12-0${6 + (i % 3)} 1${i}:00`, `2026-12-0${6 + (i % 3)} 1${i + 1}:00`)),
        );
      const answers = await Promise.all(
        movers.map((id) =>
          api(service).call('PATCH', `/v1/bookings/${id}`, {
            body: { starts_at: '2026-12-05 14:00', finishes_at: '2026-12-05 15:00' },
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
      const { rows } = await service.db.query<{ n: number }>(
        `SELECT coalesce(sum(bi.quantity), 0)::int AS n FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
          WHERE b.starts_at = '2026-12-05T03:00:00Z' AND b.status <> 'cancelled'`,
      );
      expect(rows[0]!.n).toBe(2);
    });
  });
});
