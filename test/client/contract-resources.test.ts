// The client's resources (issue 39) against the real in-process service: a resource's life,
// and a variant's requirements written and read through `client.variants`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isBookingApiError,
  isValidationError,
  NotFoundError,
  type ResourceRecord,
  type VariantRequirement,
} from '../../src/client/index.ts';
import { connect, type Connected } from './contract-helpers.ts';

let api: Connected;

beforeAll(async () => {
  api = await connect();
});
afterAll(async () => {
  await api.service.close();
});

describe('contract: resources', () => {
  it('creates, lists, changes and deletes a resource, and names bad fields', async () => {
    const { client, sent } = api;
    const anna = await client.resources.create({
      name: 'Anna',
      kind: 'staff',
      units: 1,
      hours: { tue: [['09:00', '17:00']] },
    });
    expect(anna).toEqual<ResourceRecord>({
      id: expect.any(Number),
      name: 'Anna',
      kind: 'staff',
      units: 1,
      hours: { tue: [['09:00', '17:00']] },
      location_id: null,
      staff_account_id: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(sent.at(-1)).toMatchObject({ method: 'POST', url: expect.stringMatching(/\/v1\/resources$/) });
    await client.resources.create({ name: 'Boat', kind: 'vehicle', units: 12 });
    expect((await client.resources.list({ kind: 'staff' })).map((r) => r.name)).toEqual(['Anna']);
    const names: string[] = [];
    for await (const r of client.resources.iterate({ per: 1 })) names.push(r.name);
    expect(names).toEqual(['Anna', 'Boat']);
    expect((await client.resources.update(anna.id, { units: 2 })).units).toBe(2);
    expect((await client.resources.retrieve(anna.id)).units).toBe(2);
    const refused = await client.resources.create({ name: 'Anna', units: 0 }).catch((error: unknown) => error);
    expect(isValidationError(refused) && Object.keys(refused.details?.fields ?? {})).toEqual(['units']);
    await client.resources.delete(anna.id);
    await expect(client.resources.retrieve(anna.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('writes a variant’s requirements and reads them back; a resource a variant requires is in use', async () => {
    const { client } = api;
    const guide = await client.resources.create({ name: 'Guide', kind: 'staff', units: 1 });
    const [product] = await client.products.list({ external_id: 7002 });
    const variant = product!.variants[0]!;
    const changed = await client.variants.update(variant.id, {
      requirements: [{ resources: [guide.id], per: 'booking' }],
    });
    expect(changed.requirements).toEqual<VariantRequirement[]>([
      { resources: [guide.id], uses: 1, per: 'booking', choice: 'any' },
    ]);
    const refused = await client.resources.delete(guide.id).catch((error: unknown) => error);
    expect(isBookingApiError(refused) && [refused.status, refused.code]).toEqual([409, 'in_use']);
    await client.variants.update(variant.id, { requirements: [] });
    await client.resources.delete(guide.id);
  });
});
