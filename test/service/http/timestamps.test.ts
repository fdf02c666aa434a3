// API.md §1: every timestamp in an answer is ISO 8601 UTC with milliseconds
// (`2026-12-09T13:00:00.000Z`), whichever record carries it and however it was made (by the
// service's clock or by the database's default).
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, withService } from '../api.ts';

const WITH_MILLISECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** The record fields holding an instant. */
const INSTANT_FIELDS = new Set([
  'created_at',
  'updated_at',
  'expires_at',
  'starts_at',
  'finishes_at',
  'start',
  'finish',
]);

/** Every `[path, value]` of an instant field anywhere in `value`. */
function instants(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => instants(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    INSTANT_FIELDS.has(k) && typeof v === 'string'
      ? [[`${path}.${k}`, v] as [string, unknown]]
      : instants(v, `${path}.${k}`),
  );
}

describeEachDatabase('timestamps in answers', (database) => {
  it('writes every timestamp of tokens, widgets, blackouts, products, reservations and bookings in UTC with milliseconds', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const made = await a.post('/v1/tokens', {
        kind: 'publishable',
        label: 'Shop front',
        origins: ['https://shop.example'],
      });
      expect(made.status).toBe(201);
      const held = await a.post('/v1/reservations', {
        cart_token: 'c1',
        items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-12', quantity: 1 }],
      });
      expect(held.status).toBe(201);
      const booked = await a.post('/v1/bookings', {
        starts_at: '2026-12-15 09:00',
        finishes_at: '2026-12-15 17:00',
        items: [{ external_id: 8003, quantity: 1 }],
        customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }],
      });
      expect(booked.status).toBe(201);
      const blackout = await a.post('/v1/blackouts', {
        title: 'Maintenance',
        starts_at: '2026-12-20 09:00',
        finishes_at: '2026-12-20 12:00',
      });
      expect(blackout.status).toBe(201);
      const answers = {
        'POST /v1/tokens': made.body,
        'GET /v1/tokens': (await a.get('/v1/tokens')).body,
        'POST /v1/reservations': held.body,
        'GET /v1/reservations': (await a.get('/v1/reservations')).body,
        'POST /v1/bookings': booked.body,
        'GET /v1/bookings': (await a.get('/v1/bookings')).body,
        'POST /v1/blackouts': blackout.body,
        'GET /v1/blackouts': (await a.get('/v1/blackouts')).body,
        'GET /v1/widgets': (await a.get('/v1/widgets')).body,
        'GET /v1/products': (await a.get('/v1/products')).body,
      };
      for (const [request, body] of Object.entries(answers)) {
        for (const [path, value] of instants(body)) expect(value, `${request} ${path}`).toMatch(WITH_MILLISECONDS);
      }
      // Each record kind that has timestamps showed some: the check above was not vacuous.
      for (const request of [
        'POST /v1/tokens',
        'GET /v1/tokens',
        'POST /v1/reservations',
        'POST /v1/bookings',
        'GET /v1/blackouts',
        'GET /v1/widgets',
      ] as const) {
        expect(instants(answers[request]).length, request).toBeGreaterThan(0);
      }
    });
  });
});
