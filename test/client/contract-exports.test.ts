// The client's bookings export against the real in-process service: the answer handed over
// unread, its failures as the client's errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPermissionError, isValidationError } from '../../src/client/index.ts';
import { connect, type Connected } from './contract-helpers.ts';

let api: Connected;

beforeAll(async () => {
  api = await connect();
});
afterAll(async () => {
  await api.service.close();
});

describe('contract: the bookings export', () => {
  it('resolves to the CSV answer with its body unread, for the days and product asked', async () => {
    const { client, sent } = api;
    await client.bookings.create({
      starts_at: '2026-12-10 10:00',
      finishes_at: '2026-12-10 12:00',
      items: [{ external_id: 8002, quantity: 1 }],
      customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }],
    });
    const response = await client.exports.bookingsCsv({
      start_min: '2026-12-01',
      finish_max: '2026-12-31',
      external_product_id: 7001,
    });
    expect(sent.at(-1)!.url).toBe(
      `${api.service.baseUrl}/v1/exports/bookings.csv?start_min=2026-12-01&finish_max=2026-12-31&external_product_id=7001`,
    );
    expect(response.bodyUsed).toBe(false);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="bookings-2026-12-01-2026-12-31.csv"',
    );
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toMatch(/^Booking,Status,Product,Variant,Quantity,Start \(Australia\/Melbourne\)/);
    expect(lines[1]).toMatch(
      /^\d+,confirmed,Kayak hire,Double kayak,1,2026-12-10 10:00,2026-12-10 12:00,Ada Lovelace,/,
    );
  });

  it('rejects bad days with a validation error naming the field, and a publishable token with a permission error', async () => {
    const bad = await api.client.exports.bookingsCsv({ start_min: '1 Dec' }).catch((error: unknown) => error);
    expect(isValidationError(bad) && Object.keys(bad.details?.fields ?? {})).toEqual(['start_min']);
    const refused = await api
      .clientWith({ token: 'pk_test_harbour' })
      .exports.bookingsCsv()
      .catch((error: unknown) => error);
    expect(isPermissionError(refused)).toBe(true);
  });
});
