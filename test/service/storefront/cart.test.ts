import { describe, expect, it } from 'vitest';
import { KAYAK, shopper, storefront } from './helpers.ts';

/** The line the widget posts after a hold (WIDGET.md, Cart). */
const heldLine = (start = '2026-12-01T13:00:00.000Z', quantity = 1) => ({
  id: KAYAK.single,
  quantity,
  properties: {
    Start: 'Wed 2 Dec 2026',
    Finish: 'Thu 3 Dec 2026',
    _start: start,
    _finish: '2026-12-03T13:00:00.000Z',
    _reservation_id: '17',
  },
});

describe('Shopify Ajax cart emulation', () => {
  it('gives a new shopper a cart whose token keeps its ?key= part, and the same cart on the next request', async () => {
    const s = shopper(storefront());
    const first = await s.cart();
    expect(first.token).toMatch(/^\S+\?key=[0-9a-f]{32}$/);
    expect(first).toMatchObject({ item_count: 0, items: [], total_price: 0, currency: 'AUD' });
    expect(s.cookie()).toMatch(/^cart=/);
    expect((await s.cart()).token).toBe(first.token);
  });

  it('keeps two shoppers’ carts apart', async () => {
    const app = storefront();
    const a = shopper(app);
    const b = shopper(app);
    await a.add({ items: [heldLine()] });
    expect((await a.cart()).item_count).toBe(1);
    expect((await b.cart()).item_count).toBe(0);
    expect((await a.cart()).token).not.toBe((await b.cart()).token);
  });

  it('adds the widget’s held line and answers {items} with the line as Shopify shows it', async () => {
    const s = shopper(storefront());
    const res = await s.add({ items: [heldLine('2026-12-01T13:00:00.000Z', 2)] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Record<string, unknown>[] };
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      id: KAYAK.single,
      variant_id: KAYAK.single,
      product_id: KAYAK.product,
      title: 'Kayak hire - Single kayak',
      product_title: 'Kayak hire',
      variant_title: 'Single kayak',
      quantity: 2,
      price: 6500,
      line_price: 13000,
      properties: heldLine().properties,
    });
    expect(body.items[0]!.key).toMatch(new RegExp(`^${KAYAK.single}:[0-9a-f]{32}$`));

    const cart = await s.cart();
    expect(cart).toMatchObject({ item_count: 2, total_price: 13000 });
    expect(cart.items[0]!.properties._reservation_id).toBe('17');
  });

  it('merges the same variant with the same properties into one line, and puts other dates on a new line', async () => {
    const s = shopper(storefront());
    await s.add({ items: [heldLine()] });
    const again = (await (await s.add({ items: [heldLine()] })).json()) as { items: { quantity: number }[] };
    expect(again.items[0]!.quantity).toBe(2); // the line's new quantity, as Shopify answers
    await s.add({ items: [heldLine('2026-12-05T13:00:00.000Z')] });
    const cart = await s.cart();
    expect(cart.items.map((i) => i.quantity)).toEqual([2, 1]);
    expect(cart.item_count).toBe(3);
    expect(new Set(cart.items.map((i) => i.key)).size).toBe(2);
  });

  it('accepts a theme’s product form posted as form data, properties[...] included', async () => {
    const s = shopper(storefront());
    const form = new FormData();
    form.set('id', String(KAYAK.double));
    form.set('quantity', '1');
    form.set('properties[Start]', 'Fri 4 Dec 2026');
    form.set('properties[_reservation_id]', '9');
    const res = await s.send('/cart/add.js', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    // The single-item form answers the line itself, not {items}.
    expect(await res.json()).toMatchObject({
      variant_id: KAYAK.double,
      quantity: 1,
      properties: { Start: 'Fri 4 Dec 2026', _reservation_id: '9' },
    });

    const encoded = new URLSearchParams({
      'items[0][id]': String(KAYAK.single),
      'items[0][quantity]': '3',
      'items[0][properties][Start]': 'x',
    });
    const res2 = await s.send('/cart/add.js', { method: 'POST', body: encoded });
    expect(await res2.json()).toMatchObject({
      items: [{ variant_id: KAYAK.single, quantity: 3, properties: { Start: 'x' } }],
    });
    expect((await s.cart()).item_count).toBe(4);
  });

  it('refuses an unknown variant with Shopify’s Cart Error body and adds nothing of the request', async () => {
    const s = shopper(storefront());
    const res = await s.add({ items: [heldLine(), { id: 123, quantity: 1 }] });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 404, message: 'Cart Error', description: 'Cannot find variant' });
    expect((await s.cart()).item_count).toBe(0);
  });

  it('refuses a quantity that is not a whole number from 1 with a 422 Cart Error', async () => {
    const s = shopper(storefront());
    for (const quantity of [0, -1, 1.5, 'two']) {
      const res = await s.add({ items: [{ id: KAYAK.single, quantity }] });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ status: 422, message: 'Cart Error' });
    }
    expect((await s.cart()).item_count).toBe(0);
  });

  it('answers a body that is not JSON, or has no items, with 400 and changes nothing', async () => {
    const s = shopper(storefront());
    const bad = await s.send('/cart/add.js', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"items":',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 'bad_request', description: expect.stringContaining('items') });
    expect((await s.add({ items: [] })).status).toBe(400);
    expect((await s.add({ items: ['x'] })).status).toBe(400);
    expect((await s.cart()).item_count).toBe(0);
  });

  it('changes a line by key (0 removes it) and clears the cart while keeping its token', async () => {
    const s = shopper(storefront());
    await s.add({ items: [heldLine(), heldLine('2026-12-05T13:00:00.000Z')] });
    const [first, second] = (await s.cart()).items;
    const post = (path: string, body: unknown) =>
      s.send(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const changed = (await (await post('/cart/change.js', { id: second!.key, quantity: 3 })).json()) as {
      item_count: number;
    };
    expect(changed.item_count).toBe(4);
    const removed = (await (await post('/cart/change.js', { id: first!.key, quantity: 0 })).json()) as {
      items: { key: string }[];
    };
    expect(removed.items.map((i) => i.key)).toEqual([second!.key]);
    expect((await post('/cart/change.js', { id: 'nope', quantity: 1 })).status).toBe(400);

    const token = (await s.cart()).token;
    const cleared = (await (await post('/cart/clear.js', {})).json()) as { item_count: number; token: string };
    expect(cleared).toMatchObject({ item_count: 0, token });
  });

  it('starts a new cart when the cookie names a cart the server no longer has', async () => {
    const app = storefront();
    const res = await app.fetch(
      new Request('http://localhost:8787/cart.js', { headers: { cookie: 'cart=gone%3Fkey%3D1' } }),
    );
    const cart = (await res.json()) as { token: string };
    expect(cart.token).not.toBe('gone?key=1');
    expect(res.headers.get('set-cookie')).toContain(`cart=${encodeURIComponent(cart.token)}`);
  });
});
