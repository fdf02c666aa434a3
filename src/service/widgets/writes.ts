/**
 * The widget writes (an extension, secret tokens only): create, change and delete a widget, in
 * one transaction each. A title is unique per shop (422 when taken); products must be the
 * shop's (422 naming the ids that are not); settings merged over the stored ones must agree
 * (min ≤ max). A change is seen by the next GET of every process (no server-side cache); a
 * browser may reuse a GET /v1/widgets answer for up to its `max-age` (README, Caching).
 * @module
 */
import type { Database, Queryable } from '../db/types.ts';
import type { Widget } from '../../shared/records.ts';
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

async function placeOn(
  tx: Queryable,
  shopId: number,
  widgetId: number,
  products: WidgetInput['products'],
): Promise<void> {
  if (!products) return;
  const { found, missing } = await productIdsOf(tx, shopId, products.by, products.ids);
  const field = products.by === 'id' ? 'product_ids' : 'external_product_ids';
  if (missing.length > 0)
    throw new InvalidError({ [field]: [`name no product of this shop: ${missing.slice(0, 10).join(', ')}`] });
  await setWidgetProducts(tx, widgetId, found);
}

/** The stored settings a change builds on: a range becoming a date widget leaves its day limits behind. */
function storedSettingsFor(stored: WidgetRowFields, type: WidgetInput['type']): WidgetRowFields['settings'] {
  if (type !== 'date' || stored.type === 'date') return stored.settings;
  const { min_days: _min, max_days: _max, ...rest } = stored.settings;
  return rest;
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
    await placeOn(tx, auth.shopId, id, input.products);
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
    await placeOn(tx, auth.shopId, id, input.products);
    return (await findWidget(tx, auth.shopId, id))!;
  });
}

/** Deletes a widget (its products stay, with no widget); 404 when it is not the shop's. */
export async function deleteWidget(db: Database, auth: Shop, id: number): Promise<void> {
  if (!(await deleteWidgetRow(db, auth.shopId, id))) throw new NotFoundError('widget', id);
}
