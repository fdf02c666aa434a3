/**
 * What the service reads from Shopify's order and cart payloads (shopify.dev webhook
 * reference: `orders/create`, `orders/cancelled`, `carts/update`). A line the widget put in
 * the cart carries hidden properties: `_start` and `_finish` (the held item's UTC instants),
 * `_units` (units held; the line's quantity is units × days when priced per day) and
 * `_reservation_id`. Orders give properties as `[{name, value}]`, carts as an object; both are
 * read. Anything else about a payload is ignored; a line without these properties is not a
 * booking's.
 * @module
 */
import { asObject } from '../shared/body.ts';

/** One booked line of an order or a cart. */
export interface HeldLine {
  /** Shopify's line id, as digits: it may exceed 2^53 (`admin_graphql_api_id` keeps it exact). */
  lineId: string;
  variantId: number;
  startAt: number;
  finishAt: number;
  /** Units claimed by `_units` (the line's properties: never trusted alone, line-check.ts). */
  units: number;
  /** The line's quantity: what was paid for (units × priced days or nights). */
  quantity: number;
  reservationId: string | null;
  /** The line's visible properties (not `_`-prefixed): answers to the product's questions among them. */
  properties: Record<string, string>;
}

/**
 * A cart token without its `?key=…`: the widget stores `/cart.js`'s `token`, which current
 * Shopify gives as `<token>?key=<key>`, while orders' `cart_token` and carts/update's `token`
 * carry the bare token. Holds and payloads are matched on this part.
 */
export function bareCartToken(token: string): string {
  return token.split('?')[0]!;
}

/** An order as the service uses it. */
export interface ShopifyOrder {
  /** Shopify's order id, as digits (exact even past 2^53). */
  id: string;
  name: string | null;
  /** The cart's token, bare (its part before any `?`, bareCartToken). */
  cartToken: string | null;
  /** The order's email, else its customer's, trimmed; as given even when it is not one address (orders.ts). */
  email: string | null;
  customer: { first_name: string; last_name: string; email: string } | null;
  lines: HeldLine[];
}

/**
 * An id as digits: from the record's `admin_graphql_api_id` (`gid://shopify/Order/…`), exact,
 * else its `id` when JSON could carry it exactly.
 */
function exactId(o: Record<string, unknown>): string | undefined {
  const gid =
    typeof o.admin_graphql_api_id === 'string' ? /\/(\d{1,19})$/.exec(o.admin_graphql_api_id)?.[1] : undefined;
  if (gid) return gid;
  const id = ID(o.id);
  return id === undefined ? undefined : String(id);
}

const ID = (v: unknown) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0
    ? v
    : typeof v === 'string' && /^\d{1,16}$/.test(v) && Number(v) > 0
      ? Number(v)
      : undefined;

function propertiesOf(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(value)) {
    for (const p of value) {
      const o = asObject(p);
      if (o && typeof o.name === 'string' && o.value != null) out[o.name] = String(o.value);
    }
  } else {
    for (const [k, v] of Object.entries(asObject(value) ?? {})) if (v != null) out[k] = String(v);
  }
  return out;
}

/** The lines of `lineItems` that carry a held item's properties. */
export function heldLines(lineItems: unknown): HeldLine[] {
  if (!Array.isArray(lineItems)) return [];
  return lineItems.flatMap((raw, i) => {
    const line = asObject(raw);
    if (!line) return [];
    const p = propertiesOf(line.properties);
    const variantId = ID(line.variant_id);
    const startAt = Date.parse(p._start ?? '');
    const finishAt = Date.parse(p._finish ?? '');
    const units = Number(p._units ?? line.quantity);
    const quantity = Number(line.quantity);
    if (variantId === undefined || !(finishAt > startAt) || !Number.isSafeInteger(units) || units < 1) return [];
    return [
      {
        lineId: exactId(line) ?? String(i + 1),
        variantId,
        startAt,
        finishAt,
        units,
        quantity: Number.isSafeInteger(quantity) ? quantity : 0,
        reservationId: p._reservation_id ?? null,
        properties: Object.fromEntries(Object.entries(p).filter(([name]) => !name.startsWith('_'))),
      },
    ];
  });
}

/** A string without its surrounding spaces, or undefined when that leaves nothing (or it is no string). */
function trimmed(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The order in `payload`, or undefined when it has no order id. */
export function readOrder(payload: unknown): ShopifyOrder | undefined {
  const o = asObject(payload);
  const id = o && exactId(o);
  if (!o || id === undefined) return undefined;
  const c = asObject(o.customer);
  const email = trimmed(o.email) ?? trimmed(c?.email) ?? null;
  return {
    id,
    name: typeof o.name === 'string' ? o.name.slice(0, 100) : null,
    cartToken: typeof o.cart_token === 'string' && bareCartToken(o.cart_token) ? bareCartToken(o.cart_token) : null,
    email,
    customer: email
      ? {
          first_name: typeof c?.first_name === 'string' ? c.first_name : '',
          last_name: typeof c?.last_name === 'string' ? c.last_name : '',
          email,
        }
      : null,
    lines: heldLines(o.line_items),
  };
}

/**
 * A line of a cart update as a release is judged by it: its variant, and the start of the held
 * item it carries when its properties hold a readable `_start` (null when they do not: no
 * properties, `properties: null`, or none of the widget's). A line with a null start may be any
 * hold's line of its variant, so it proves none of them was dropped.
 */
export interface CartLine {
  variantId: number;
  startAt: number | null;
}

/** A cart update: its token (bare) and its lines; `lines` is null when the payload lists none (no `line_items` array). */
export function readCart(payload: unknown): { token: string; lines: CartLine[] | null } | undefined {
  const o = asObject(payload);
  const raw = typeof o?.token === 'string' ? o.token : typeof o?.id === 'string' ? o.id : undefined;
  const token = raw === undefined ? undefined : bareCartToken(raw);
  if (!o || !token) return undefined;
  if (!Array.isArray(o.line_items)) return { token, lines: null };
  const lines = o.line_items.flatMap((raw): CartLine[] => {
    const line = asObject(raw);
    const variantId = line && ID(line.variant_id);
    if (!line || variantId === undefined) return [];
    const startAt = Date.parse(propertiesOf(line.properties)._start ?? '');
    return [{ variantId, startAt: Number.isFinite(startAt) ? startAt : null }];
  });
  return { token, lines };
}
