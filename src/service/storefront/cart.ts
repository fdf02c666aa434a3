/**
 * In-memory Shopify carts with the Ajax API's JSON shapes (`/cart.js`, `/cart/add.js`), so the
 * widget's Shopify path runs against something that answers as a storefront does. Carts live
 * only as long as the process, as a demo's should.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Catalog, CatalogVariant } from './catalog.ts';

/** A line of a cart: one variant with one set of line item properties. */
export interface CartLine {
  variant: CatalogVariant;
  quantity: number;
  properties: Record<string, string>;
  /** `<variant id>:<hash of the properties>`, stable for the same variant and properties. */
  key: string;
}

/** One shopper's cart. */
export interface Cart {
  /** Opaque token, `?key=` included, as Shopify's Ajax API has returned it since 2024. */
  token: string;
  lines: CartLine[];
}

/** One item of an add request, already parsed from JSON or form fields. */
export interface AddItem {
  id: unknown;
  quantity?: unknown;
  properties?: unknown;
}

/** Shopify's cart error body; `status` is the HTTP status, except 400's `"bad_request"`. */
export interface CartError {
  httpStatus: 400 | 404 | 422;
  body: { status: number | string; message: string; description: string };
}

/** A cart error as Shopify words it. */
export function cartError(httpStatus: 400 | 404 | 422, description: string): CartError {
  if (httpStatus === 400) {
    return { httpStatus, body: { status: 'bad_request', message: 'Parameter Missing or Invalid', description } };
  }
  return { httpStatus, body: { status: httpStatus, message: 'Cart Error', description } };
}

/** The cart store: a bounded map, oldest-used carts evicted first, so no request grows it without end. */
export class CartStore {
  private carts = new Map<string, Cart>();

  constructor(
    private readonly catalog: Catalog,
    private readonly currency = 'AUD',
    private readonly maxCarts = 10_000,
  ) {}

  /** The cart with this token, or undefined (unknown, or evicted). */
  get(token: string | undefined): Cart | undefined {
    const cart = token === undefined ? undefined : this.carts.get(token);
    if (cart) {
      // Re-insert so the map's order is least recently used first.
      this.carts.delete(cart.token);
      this.carts.set(cart.token, cart);
    }
    return cart;
  }

  /** A new empty cart with a fresh token. */
  create(): Cart {
    const token = `hWN${randomBytes(18).toString('base64url')}?key=${randomBytes(16).toString('hex')}`;
    const cart: Cart = { token, lines: [] };
    this.carts.set(token, cart);
    while (this.carts.size > this.maxCarts) this.carts.delete(this.carts.keys().next().value!);
    return cart;
  }

  /**
   * Adds items as Shopify does: all or nothing; the same variant with the same properties merges
   * into one line, different properties make a new line. Returns the touched lines.
   */
  add(cart: Cart, items: AddItem[]): CartLine[] | CartError {
    if (items.length === 0) return cartError(400, 'Required parameter missing or invalid: items');
    const parsed: { variant: CatalogVariant; quantity: number; properties: Record<string, string> }[] = [];
    for (const item of items) {
      const variant = this.catalog.get(Number(item.id));
      if (item.id === undefined || item.id === null || item.id === '' || !variant)
        return cartError(404, 'Cannot find variant');
      const quantity = item.quantity === undefined || item.quantity === '' ? 1 : Number(item.quantity);
      if (!Number.isInteger(quantity) || quantity < 1) {
        return cartError(422, `You can't add ${String(item.quantity)} ${variant.product_title} to the cart.`);
      }
      parsed.push({ variant, quantity, properties: stringProperties(item.properties) });
    }
    const touched: CartLine[] = [];
    for (const { variant, quantity, properties } of parsed) {
      const key = lineKey(variant.id, properties);
      let line = cart.lines.find((l) => l.key === key);
      if (line) line.quantity += quantity;
      else cart.lines.push((line = { variant, quantity, properties, key }));
      if (!touched.includes(line)) touched.push(line);
    }
    return touched;
  }

  /**
   * Sets one line's quantity (0 removes it), as `/cart/change.js` does. The line is named by
   * `id` (a line key, or a variant id: its first line) or by `line` (1-based index).
   */
  change(
    cart: Cart,
    change: { id?: unknown; line?: unknown; quantity?: unknown; properties?: unknown },
  ): CartError | undefined {
    const index =
      change.line !== undefined && change.line !== null && change.line !== ''
        ? Number(change.line) - 1
        : cart.lines.findIndex((l) => l.key === String(change.id) || String(l.variant.id) === String(change.id));
    const line = Number.isInteger(index) ? cart.lines[index] : undefined;
    if (!line) return cartError(400, 'no valid id or line parameter');
    const quantity = Number(change.quantity ?? line.quantity);
    if (!Number.isInteger(quantity) || quantity < 0) return cartError(422, 'Invalid quantity');
    if (quantity === 0) cart.lines.splice(index, 1);
    else line.quantity = quantity;
    // As Shopify's: `properties` replaces the line's (the widget writes a hold's answers so).
    if (quantity > 0 && change.properties !== undefined && change.properties !== null) {
      line.properties = stringProperties(change.properties);
      line.key = lineKey(line.variant.id, line.properties);
    }
    return undefined;
  }

  /** Empties the cart; its token stays. */
  clear(cart: Cart): void {
    cart.lines = [];
  }

  /** The cart as `GET /cart.js` returns it. */
  cartJson(cart: Cart) {
    const items = cart.lines.map((l) => lineJson(l));
    const total = items.reduce((sum, i) => sum + i.line_price, 0);
    return {
      token: cart.token,
      note: null,
      attributes: {},
      original_total_price: total,
      total_price: total,
      total_discount: 0,
      total_weight: 0,
      item_count: items.reduce((sum, i) => sum + i.quantity, 0),
      items,
      requires_shipping: false,
      currency: this.currency,
      items_subtotal_price: total,
      cart_level_discount_applications: [],
    };
  }
}

/** Property values as strings; anything but a plain object means no properties. */
function stringProperties(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v !== undefined && v !== null && v !== '') out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

/** Shopify's line key: the variant id and a digest of the properties (order-insensitive here). */
function lineKey(variantId: number, properties: Record<string, string>): string {
  const sorted = Object.keys(properties)
    .sort()
    .map((k) => [k, properties[k]]);
  return `${variantId}:${createHash('md5').update(JSON.stringify(sorted)).digest('hex')}`;
}

/** A line as the Ajax API returns it inside `items`. */
export function lineJson(line: CartLine) {
  const v = line.variant;
  const linePrice = v.price * line.quantity;
  return {
    id: v.id,
    properties: { ...line.properties },
    quantity: line.quantity,
    variant_id: v.id,
    key: line.key,
    title: v.only_default_variant ? v.product_title : `${v.product_title} - ${v.variant_title}`,
    price: v.price,
    original_price: v.price,
    discounted_price: v.price,
    line_price: linePrice,
    original_line_price: linePrice,
    total_discount: 0,
    discounts: [],
    sku: '',
    grams: 0,
    vendor: v.vendor,
    taxable: true,
    product_id: v.product_id,
    product_has_only_default_variant: v.only_default_variant,
    gift_card: false,
    final_price: v.price,
    final_line_price: linePrice,
    url: `/products/${v.handle}?variant=${v.id}`,
    featured_image: null,
    image: null,
    handle: v.handle,
    requires_shipping: false,
    product_type: 'Booking',
    product_title: v.product_title,
    product_description: '',
    variant_title: v.only_default_variant ? null : v.variant_title,
    variant_options: [v.variant_title],
    options_with_values: [{ name: 'Title', value: v.variant_title }],
    line_level_discount_allocations: [],
    line_level_total_discount: 0,
    quantity_rule: { min: 1, max: null, increment: 1 },
    has_components: false,
  };
}
