// The one mapping from the rules' errors to HTTP (src/service/http/errors.ts `toHttpError`): each
// domain error gets its status and the envelope of API.md §4; an HttpError is kept; anything else
// is left to the app's 500.
import { describe, expect, it } from 'vitest';
import { HttpError, toHttpError } from '../../../src/service/http/errors.ts';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../../src/service/shared/errors.ts';
import type { UnavailableItem } from '../../../src/shared/errors.ts';

const item: UnavailableItem = {
  external_id: 8001,
  start: '2026-12-09T13:00:00.000Z',
  finish: '2026-12-10T13:00:00.000Z',
  quantity: 4,
  quantity_available: 3,
  status: 'sold_out',
  status_code: 2,
};

async function answer(error: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = toHttpError(error)!.toResponse({ date: 'Thu, 10 Dec 2026 00:00:00 GMT' });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe('toHttpError', () => {
  it('maps NotFoundError to 404 not_found, naming the id', async () => {
    const error = new NotFoundError('blackout', 7);
    expect(error.name).toBe('NotFoundError');
    expect(await answer(error)).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: 'No blackout with id 7.' },
    });
    expect((await answer(error)).body).not.toHaveProperty('details');
  });

  it('maps ConflictError to 409 unavailable with details.items', async () => {
    const error = new ConflictError('Nothing was held: items[0] (sold_out) cannot be held as posted.', [item]);
    expect(error.name).toBe('ConflictError');
    expect(await answer(error)).toMatchObject({
      status: 409,
      body: { error: 'unavailable', message: error.message, details: { items: [item] } },
    });
  });

  it('maps InvalidError to 422 validation_failed with details.fields and a message naming the field', async () => {
    const one = new InvalidError({ 'items[0].quantity': ['must be a whole number from 1 to 1000000'] });
    expect(one.name).toBe('InvalidError');
    expect(await answer(one)).toEqual({
      status: 422,
      headers: expect.any(Headers),
      body: {
        error: 'validation_failed',
        message: 'items[0].quantity must be a whole number from 1 to 1000000.',
        details: { fields: { 'items[0].quantity': ['must be a whole number from 1 to 1000000'] } },
      },
    });
    const many = new InvalidError(Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((f) => [f, ['is required']])));
    expect(many.message).toBe('6 fields are invalid: a, b, c, d, e, ….');
  });

  it('maps ForbiddenError to 403 forbidden', async () => {
    const error = new ForbiddenError(
      'A publishable token cannot delete blackouts; use a secret token from your server.',
    );
    expect(error.name).toBe('ForbiddenError');
    expect(await answer(error)).toMatchObject({ status: 403, body: { error: 'forbidden', message: error.message } });
  });

  it('keeps an HttpError with its own headers, and adds the extra ones', async () => {
    const error = new HttpError('rate_limited', 'Too many requests.', { headers: { 'retry-after': '2' } });
    expect(toHttpError(error)).toBe(error);
    const { status, headers } = await answer(error);
    expect(status).toBe(429);
    expect(headers.get('retry-after')).toBe('2');
    expect(headers.get('date')).toBe('Thu, 10 Dec 2026 00:00:00 GMT');
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('leaves anything else (a bug) to the app: undefined', () => {
    expect(toHttpError(new Error('boom'))).toBeUndefined();
    expect(toHttpError(new TypeError('x'))).toBeUndefined();
    expect(toHttpError('a string')).toBeUndefined();
  });
});
