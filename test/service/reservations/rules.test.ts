// The hold rules called as functions, without HTTP: they raise domain errors, not responses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHoldInput } from '../../../src/service/reservations/schemas.ts';
import { holdItems } from '../../../src/service/reservations/holds.ts';
import { ConflictError, ForbiddenError, InvalidError } from '../../../src/service/shared/errors.ts';
import { requireSecret } from '../../../src/service/tokens/scopes.ts';
import { verifyToken } from '../../../src/service/tokens/tokens.ts';
import type { AuthContext } from '../../../src/service/tokens/types.ts';
import { TEST_NOW } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';

describe('hold input', () => {
  it('throws InvalidError naming every bad field', () => {
    const error = (() => {
      try {
        readHoldInput({ items: [{ external_id: 'x', start: '2026-13-01', quantity: -1 }] });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidError);
    expect(Object.keys((error as InvalidError).fields).sort()).toEqual([
      'cart_token',
      'items[0].external_id',
      'items[0].quantity',
      'items[0].start',
    ]);
  });

  it('reads a good body', () => {
    expect(
      readHoldInput({ cart_token: 'c1', items: [{ external_id: '8001', start: '2026-12-10', quantity: 2 }] }),
    ).toEqual({
      cartToken: 'c1',
      items: [{ externalId: 8001, start: { day: '2026-12-10' }, finish: undefined, quantity: 2 }],
      guests: undefined,
    });
  });

  it('reads a slot named by its local start or its UTC instant, and refuses other shapes', () => {
    const item = (start: string, finish?: string) =>
      readHoldInput({ cart_token: 'c1', items: [{ external_id: 1, start, finish, quantity: 1 }] }).items[0];
    expect(item('2026-12-05 09:00')).toMatchObject({ start: { local: '2026-12-05 09:00' }, finish: undefined });
    expect(item('2026-12-05T09:00')).toMatchObject({ start: { local: '2026-12-05 09:00' } });
    expect(item('2026-12-05T08:00:00Z', '2026-12-05T10:00:00.000+01:00')).toMatchObject({
      start: { instant: Date.parse('2026-12-05T08:00:00Z') },
      finish: { instant: Date.parse('2026-12-05T09:00:00Z') },
    });
    for (const bad of ['2026-12-05 24:00', '2026-12-05 9:00', '2026-02-30 09:00', '2026-12-05T08:00:00']) {
      expect(() => item(bad), bad).toThrow(InvalidError);
    }
    expect(() => item('2026-12-05', '2026-12-05 10:00')).toThrow(/items\[0\]\.finish/);
  });
});

describe('scopes', () => {
  it('refuses a publishable token with ForbiddenError', () => {
    expect(() => requireSecret({ kind: 'publishable' }, 'create bookings')).toThrow(ForbiddenError);
    expect(() => requireSecret({ kind: 'secret' }, 'create bookings')).not.toThrow();
  });
});

describe('holdItems on a database, without HTTP', () => {
  let service: TestService;
  let auth: AuthContext;
  beforeAll(async () => {
    service = await createTestService();
    auth = (await verifyToken(service.db, 'sk_test_harbour'))!;
  });
  afterAll(() => service.close());

  it('holds what fits, then raises ConflictError with every item for what does not', async () => {
    const clock = () => Date.parse(TEST_NOW);
    const post = (cartToken: string, quantity: number) =>
      holdItems(
        service.db,
        auth,
        readHoldInput({ cart_token: cartToken, items: [{ external_id: 8001, start: '2026-12-10', quantity }] }),
        clock,
      );
    const first = await post('rules-a', 2);
    expect(first.created).toBe(true);
    expect(first.reservation.items).toMatchObject([{ external_id: 8001, quantity: 2, quantity_available: 3 }]);
    const refused = await post('rules-b', 2).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).items).toMatchObject([
      { external_id: 8001, quantity: 2, quantity_available: 1, status: 'sold_out', status_code: 2 },
    ]);
  });
});
