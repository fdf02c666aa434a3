// The client's merchant API against the real in-process service: the catalogue, widgets,
// tokens, bookings list and cancel, hold release and occupancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidationError, NotFoundError, UnavailableError, type Product } from '../../src/client/index.ts';
import { connect, type Connected } from './contract-helpers.ts';

let api: Connected;

beforeAll(async () => {
  api = await connect();
});
afterAll(async () => {
  await api.service.close();
});

describe('contract: the merchant API', () => {
  it('creates, changes and deletes a product and its variant, and names bad fields', async () => {
    const { client } = api;
    const product = await client.products.create({
      external_id: 7400,
      title: 'Surf skis',
      variants: [{ external_id: 8400, title: 'Ski', capacity: 2 }],
    });
    expect(product).toEqual<Product>({
      id: expect.any(Number),
      external_id: 7400,
      title: 'Surf skis',
      vendor: null,
      location_id: null,
      variants: [expect.objectContaining({ external_id: 8400, capacity: 2 })],
    });
    const variant = await client.variants.update(product.variants[0]!.id, { capacity: 3 });
    expect(variant.capacity).toBe(3);
    const added = await client.products.createVariant(product.id, {
      external_id: 8401,
      title: 'Double ski',
      capacity: 1,
    });
    expect((await client.products.retrieve(product.id)).variants.map((v) => v.id)).toEqual([variant.id, added.id]);
    const found: number[] = [];
    for await (const p of client.products.iterate({ per: 1 })) found.push(p.external_id);
    expect(found).toContain(7400);
    const refused = await client.products.create({ external_id: 7400, title: '' }).catch((error: unknown) => error);
    // The fields are checked first; that the platform id is taken, against the database after.
    expect(isValidationError(refused) && Object.keys(refused.details?.fields ?? {})).toEqual(['title']);
    const taken = await client.products.create({ external_id: 7400, title: 'Again' }).catch((error: unknown) => error);
    expect(isValidationError(taken) && taken.details?.fields).toEqual({
      external_id: ['is already used by another product of this shop'],
    });
    await client.products.delete(product.id);
    await expect(client.variants.retrieve(added.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('creates a widget, changes its settings and deletes it', async () => {
    const { client } = api;
    const widget = await client.widgets.create({
      title: 'Client widget',
      type: 'date',
      external_product_ids: [7002],
      settings: { lead_days: 2 },
    });
    expect((await client.widgets.update(widget.id, { settings: { hold_minutes: 30 } })).settings).toMatchObject({
      lead_days: 2,
      hold_minutes: 30,
    });
    expect((await client.widgets.retrieve(widget.id)).title).toBe('Client widget');
    await client.widgets.delete(widget.id);
    await expect(client.widgets.retrieve(widget.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reads the shop, changes its zone and Shopify settings (the secret never comes back), and names bad fields', async () => {
    const { client } = api;
    const shop = await client.shop.retrieve();
    expect(shop).toMatchObject({
      name: 'Harbour Kayaks',
      tz: 'Australia/Melbourne',
      shopify: { domain: 'harbour-test.myshopify.com', api_secret_set: true },
    });
    const changed = await client.shop.update({
      tz: 'Europe/Berlin',
      shopify: { domain: 'harbour-two.myshopify.com', api_secret: 'shpss_client' },
    });
    // The secret replaced keeps working for an hour (Shopify signs with it for a while).
    expect(changed).toEqual({
      ...shop,
      tz: 'Europe/Berlin',
      shopify: {
        domain: 'harbour-two.myshopify.com',
        api_secret_set: true,
        previous_secret_expires_at: expect.any(String),
        book_on: 'orders/create',
      },
    });
    expect(JSON.stringify(changed)).not.toContain('shpss_client');
    const refused = await client.shop.update({ tz: 'Nowhere/Else' }).catch((error: unknown) => error);
    expect(isValidationError(refused) && Object.keys(refused.details?.fields ?? {})).toEqual(['tz']);
    expect(
      await client.shop.update({ tz: shop.tz, shopify: { domain: shop.shopify.domain, api_secret: 'hush' } }),
    ).toEqual({ ...shop, shopify: { ...shop.shopify, previous_secret_expires_at: expect.any(String) } });
  });

  it('creates, renames and deletes a location; one a product names is refused as in use', async () => {
    const { client } = api;
    const made = await client.locations.create({ name: 'Client quay' });
    expect(await client.locations.update(made.id, { name: 'Client wharf' })).toEqual({
      id: made.id,
      name: 'Client wharf',
    });
    expect((await client.locations.list()).map((l) => l.name)).toContain('Client wharf');
    await client.locations.delete(made.id);
    const docklands = (await client.locations.list()).find((l) => l.name === 'Docklands')!;
    const inUse = await client.locations.delete(docklands.id).catch((error: unknown) => error);
    expect((inUse as { status?: number }).status).toBe(409);
  });

  it('creates a publishable token shown once, lists hints only, revokes it', async () => {
    const { client } = api;
    const made = await client.tokens.create({ kind: 'publishable', origins: ['https://shop.example'] });
    expect(made.token).toMatch(/^pk_live_/);
    const listed = await client.tokens.list();
    expect(listed.find((t) => t.id === made.id)).toEqual({
      id: made.id,
      kind: 'publishable',
      hint: made.hint,
      label: null,
      origins: ['https://shop.example'],
      created_at: made.created_at,
    });
    await client.tokens.revoke(made.id);
    expect((await client.tokens.list()).some((t) => t.id === made.id)).toBe(false);
  });

  it('lists and cancels bookings, releases a hold, and reads occupancy', async () => {
    const { client } = api;
    const booking = await client.bookings.create({
      starts_at: '2026-12-15 09:00',
      finishes_at: '2026-12-15 17:00',
      items: [{ external_id: 8002, quantity: 2 }],
      customers: [{ first_name: 'Ada', last_name: 'L', email: 'ada@example.com' }],
    });
    expect((await client.bookings.list({ q: 'ada@example.com' })).map((b) => b.id)).toContain(booking.id);
    const day = async () =>
      (await client.occupancy.list({ start: '2026-12-15', finish: '2026-12-16', external_variant_id: 8002 }))[0]!;
    expect(await day()).toMatchObject({ booked: 2, available: 0 });
    expect((await client.bookings.cancel(booking.id)).status).toBe('cancelled');
    expect((await client.bookings.retrieve(booking.id)).status).toBe('cancelled');
    // Cancelled by the merchant, not by its customer: no refund to mark (409, a ConflictError).
    await expect(client.bookings.markRefunded(booking.id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('has no refund due'),
    });
    const hold = await client.reservations.create({
      cart_token: 'client-release',
      items: [{ external_id: 8002, start: '2026-12-15', quantity: 2 }],
    });
    expect(await day()).toMatchObject({ held: 2, booked: 0, available: 0 });
    await client.reservations.release(hold.id);
    expect(await day()).toMatchObject({ held: 0, available: 2 });
    await expect(client.reservations.release(hold.id)).rejects.toBeInstanceOf(NotFoundError);
    await client.reservations.create({
      cart_token: 'client-release',
      items: [{ external_id: 8002, start: '2026-12-15', quantity: 2 }],
    });
    const conflict = await client.products
      .delete((await client.variants.retrieve(hold.items[0]!.variant_id)).product_id)
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(UnavailableError);
    expect((conflict as UnavailableError).code).toBe('in_use');
  });
});
