/**
 * The widget writes (an extension, secret tokens only): create, change and delete a widget, in
 * one transaction each. A title is unique per shop (422 when taken); products must be the
 * shop's (422 naming the ids that are not); settings merged over the stored ones must agree
 * (min ≤ max). A change is seen by the next GET of every process (no server-side cache); a
 * browser may reuse a GET /v1/widgets answer for up to its `max-age` (README, Caching).
 * @module
 */
import type { Database, Queryable } from '../db/types.ts';
import type { Widget, WidgetType } from '../../shared/records.ts';
import { InvalidError, NotFoundError } from '../shared/errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import type { WidgetInput } from './schemas.ts';
import { findWidget } from './queries.ts';
import { settingsError } from './settings-rules.ts';
import {
  deleteWidgetRow,
  insertWidget,
  lockWidget,
  productIdsOf,
  productsBookedByDays,
  setWidgetProducts,
  updateWidgetRow,
  widgetTitleTaken,
  type WidgetRowFields,
} from './write-queries.ts';

type Shop = Pick<AuthContext, 'shopId'>;

const TITLE_TAKEN = 'is already the title of another widget of this shop';

function checkTogether(fields: WidgetRowFields): void {
  const error = settingsError(fields.settings, fields.type);
  if (error) throw new InvalidError({ [`settings.${error[0]}`]: [error[1]] });
}

/**
 * Places widget `widgetId` of `type` on `products` (when given). A slot widget lists the times
 * of a day, which only a variant booked by times of day has: one on a product with a variant
 * booked by days (no schedule) is a 422 naming those products, on the products' field, or on
 * `type` when the widget becomes a slot widget on the products it already has.
 */
async function placeOn(
  tx: Queryable,
  shopId: number,
  widgetId: number,
  type: WidgetType,
  products: WidgetInput['products'],
): Promise<void> {
  const field = products?.by === 'id' ? 'product_ids' : products ? 'external_product_ids' : 'type';
  let found: number[] | null = null;
  if (products) {
    const named = await productIdsOf(tx, shopId, products.by, products.ids);
    if (named.missing.length > 0)
      throw new InvalidError({ [field]: [`name no product of this shop: ${named.missing.slice(0, 10).join(', ')}`] });
    found = named.found;
  }
  if (type === 'slot') {
    const byDays = await productsBookedByDays(tx, found, widgetId);
    if (byDays.length > 0) {
      const names = byDays.slice(0, 10).join(', ');
      throw new InvalidError({
        [field]: [
          `a slot widget lists times of day, but these products have variants booked by days (give each a schedule first, or use a date or range widget): ${names}`,
        ],
      });
    }
  }
  if (found) await setWidgetProducts(tx, widgetId, found);
}

/**
 * The stored settings a change of type builds on: a range becoming a date or slot widget leaves
 * its day limits behind, a slot widget becoming another its length in slots, and a pricing the new type cannot apply (`day` or `night` on a slot
 * widget, `slot` on the others) gives way to the new type's default.
 */
function storedSettingsFor(stored: WidgetRowFields, type: WidgetInput['type']): WidgetRowFields['settings'] {
  if (type === undefined || type === stored.type) return stored.settings;
  const { min_days, max_days, pricing, max_slots, ...rest } = stored.settings;
  const pricingFits = type === 'slot' ? pricing === 'booking' || pricing === 'slot' : pricing !== 'slot';
  return {
    ...rest,
    ...(type === 'range' || stored.type !== 'range' ? { min_days, max_days } : {}),
    ...(pricingFits ? { pricing } : {}),
    ...(type === 'slot' ? { max_slots } : {}),
  };
}

/** Creates a widget; its record. */
export async function createWidget(db: Database, auth: Shop, input: WidgetInput): Promise<Widget> {
  return db.transaction(async (tx) => {
    const fields: WidgetRowFields = {
      title: input.title!,
      type: input.type!,
      locale: input.locale ?? null,
      settings: input.settings ?? {},
    };
    checkTogether(fields);
    const id = await insertWidget(tx, auth.shopId, fields);
    if (id === undefined) throw new InvalidError({ title: [TITLE_TAKEN] });
    await placeOn(tx, auth.shopId, id, fields.type, input.products);
    return (await findWidget(tx, auth.shopId, id))!;
  });
}

/** Changes a widget's given fields (settings merged key by key over the stored ones). */
export async function changeWidget(db: Database, auth: Shop, id: number, input: WidgetInput): Promise<Widget> {
  return db.transaction(async (tx) => {
    const stored = await lockWidget(tx, auth.shopId, id);
    if (!stored) throw new NotFoundError('widget', id);
    const fields: WidgetRowFields = {
      title: input.title ?? stored.title,
      type: input.type ?? stored.type,
      locale: input.locale !== undefined ? input.locale : stored.locale,
      settings: { ...storedSettingsFor(stored, input.type), ...input.settings },
    };
    checkTogether(fields);
    if (input.title !== undefined && (await widgetTitleTaken(tx, auth.shopId, input.title, id)))
      throw new InvalidError({ title: [TITLE_TAKEN] });
    await updateWidgetRow(tx, auth.shopId, id, fields);
    // Products are judged when given, or when the widget becomes a slot widget on its own.
    if (input.products || (fields.type === 'slot' && stored.type !== 'slot'))
      await placeOn(tx, auth.shopId, id, fields.type, input.products);
    return (await findWidget(tx, auth.shopId, id))!;
  });
}

/** Deletes a widget (its products stay, with no widget); 404 when it is not the shop's. */
export async function deleteWidget(db: Database, auth: Shop, id: number): Promise<void> {
  if (!(await deleteWidgetRow(db, auth.shopId, id))) throw new NotFoundError('widget', id);
}
