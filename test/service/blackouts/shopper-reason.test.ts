// Issue 27: a blackout's title is the merchant's own note; shoppers read only its shopper reason.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api, storedBlackouts, TOKENS } from '../api.ts';

const DAY = { starts_at: '2026-12-20', finishes_at: '2026-12-21' };

describeEachDatabase('a blackout for shoppers', (database) => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService({ database });
  });
  afterAll(() => service.close());

  it('keeps the shopper reason apart from the title, trimmed; a publishable token reads the reason only', async () => {
    const created = await api(service).post('/v1/blackouts', {
      ...DAY,
      title: 'Double kayak hull repairs',
      shopper_reason: '  Closed for maintenance  ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Double kayak hull repairs',
      shopper_reason: 'Closed for maintenance',
    });
    const shopper = await api(service).get(`/v1/blackouts/${created.body.id}`, { token: TOKENS.publishable });
    expect(shopper.body).toMatchObject({ title: null, shopper_reason: 'Closed for maintenance' });
    const listed = await api(service).get('/v1/blackouts?start_min=2026-12-20&finish_max=2026-12-21', {
      token: TOKENS.publishable,
    });
    expect(listed.body).toEqual([shopper.body]);
    expect(JSON.stringify(listed.body)).not.toContain('hull');
  });

  it('changes the reason alone with PUT, keeping the title, and clears it with null', async () => {
    const { body } = await api(service).post('/v1/blackouts', { ...DAY, title: 'Staff party' });
    expect(body.shopper_reason).toBeNull();
    const given = await api(service).put(`/v1/blackouts/${body.id}`, { shopper_reason: 'Closed for the evening' });
    expect(given.body).toMatchObject({ title: 'Staff party', shopper_reason: 'Closed for the evening' });
    const cleared = await api(service).put(`/v1/blackouts/${body.id}`, { shopper_reason: null });
    expect(cleared.body).toMatchObject({ title: 'Staff party', shopper_reason: null });
  });

  it.each([
    ['a blank reason', '   '],
    ['a reason with a control character', 'Closed\u0007'],
    ['a reason with a bidi override', 'Open \u202Esoon'],
    ['a reason of 256 characters', 'x'.repeat(256)],
    ['a reason that is not text', 5],
  ])('refuses %s with a 422 naming shopper_reason, storing nothing', async (_what, reason) => {
    const before = await storedBlackouts(service);
    const { status, body } = await api(service).post('/v1/blackouts', { ...DAY, shopper_reason: reason });
    expect(status).toBe(422);
    expect(body.error).toBe('validation_failed');
    expect(body.details.fields).toEqual({
      shopper_reason: ['must be 1 to 255 characters without control characters, or null'],
    });
    expect(await storedBlackouts(service)).toEqual(before);
  });

  it('takes a reason of 255 characters', async () => {
    const { status, body } = await api(service).post('/v1/blackouts', { ...DAY, shopper_reason: 'é'.repeat(255) });
    expect(status).toBe(201);
    expect(body.shopper_reason).toBe('é'.repeat(255));
  });
});
