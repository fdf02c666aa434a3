/**
 * Shopify's Ajax cart endpoints on a Hono app: `GET /cart.js`, `POST /cart/add.js`,
 * `POST /cart/change.js`, `POST /cart/clear.js`. The cart is found by the `cart` cookie, as on
 * a storefront; a shopper without one gets a new cart and the cookie.
 * @module
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { type AddItem, type Cart, type CartError, type CartStore, cartError, lineJson } from './cart.ts';
import { nestForm, toArrays } from './form.ts';

const COOKIE = 'cart';
const TWO_WEEKS = 14 * 24 * 60 * 60;

/** The shopper's cart, created (with its cookie) when there is none or the server forgot it. */
function cartOf(c: Context, store: CartStore): Cart {
  const existing = store.get(getCookie(c, COOKIE));
  if (existing) return existing;
  const cart = store.create();
  // Not HttpOnly: Shopify themes read the cart cookie from scripts too.
  setCookie(c, COOKIE, cart.token, { path: '/', sameSite: 'Lax', maxAge: TWO_WEEKS });
  return cart;
}

/** The request body as an object: JSON, or form fields nested by their bracketed names. */
async function bodyOf(c: Context): Promise<Record<string, unknown> | CartError> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (/^application\/json\b/i.test(type)) {
      const json: unknown = await c.req.json();
      return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
    }
    if (/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
      const form = await c.req.formData();
      const entries: [string, string][] = [];
      form.forEach((v, k) => typeof v === 'string' && entries.push([k, v]));
      return toArrays(nestForm(entries)) as Record<string, unknown>;
    }
    const text = await c.req.text();
    return text ? (toArrays(nestForm(new URLSearchParams(text))) as Record<string, unknown>) : {};
  } catch {
    return cartError(400, 'Required parameter missing or invalid: items');
  }
}

const isError = (x: unknown): x is CartError => !!x && typeof x === 'object' && 'httpStatus' in x;
const fail = (c: Context, e: CartError) => c.json(e.body, e.httpStatus);

/** The routes, relative to the shop root; mount on `/`. */
export function cartRoutes(store: CartStore): Hono {
  const app = new Hono();
  // Shopify caps request bodies too; a demo server must not buffer whatever it is sent.
  app.use('/cart/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => fail(c, cartError(422, 'Request too large')) }));

  const cartJson = (c: Context) => c.json(store.cartJson(cartOf(c, store)));
  app.get('/cart.js', cartJson);
  app.get('/cart.json', cartJson);

  app.post('/cart/add.js', async (c) => {
    const body = await bodyOf(c);
    if (isError(body)) return fail(c, body);
    // `{items: [...]}` answers `{items: [...]}`; the single form (`id`, `quantity`) answers the line.
    const single = !Array.isArray(body.items);
    const items = single ? (body.id === undefined ? [] : [body as unknown as AddItem]) : (body.items as AddItem[]);
    if (!items.every((i) => i && typeof i === 'object'))
      return fail(c, cartError(400, 'Required parameter missing or invalid: items'));
    const lines = store.add(cartOf(c, store), items);
    if (isError(lines)) return fail(c, lines);
    return single ? c.json(lineJson(lines[0]!)) : c.json({ items: lines.map(lineJson) });
  });

  app.post('/cart/change.js', async (c) => {
    const body = await bodyOf(c);
    if (isError(body)) return fail(c, body);
    const cart = cartOf(c, store);
    const error = store.change(cart, body);
    return error ? fail(c, error) : c.json(store.cartJson(cart));
  });

  app.post('/cart/clear.js', (c) => {
    const cart = cartOf(c, store);
    store.clear(cart);
    return c.json(store.cartJson(cart));
  });

  return app;
}
