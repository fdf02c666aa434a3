/**
 * Widget records (API.md §2): the list query and the mapping from a row to the JSON record,
 * with the shop's zone, the locale (the widget's own, else the shop's) and settings resolved
 * over their defaults the same way the widget resolves them.
 * @module
 */
import type { ResourceVariant, Widget, WidgetSettings, WidgetType } from '../../shared/records.ts';
import { defaultSettings, resolveSettings } from '../../shared/settings.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import type { Queryable } from '../db/types.ts';
import type { Page } from '../shared/page.ts';
import { pagedQuery } from '../db/paged-query.ts';

interface WidgetRow {
  id: number;
  title: string;
  type: WidgetType;
  tz: string;
  locale: string;
  settings: Record<string, unknown> | null;
  product_ids: number[];
  external_product_ids: number[];
  created_at: Date;
  updated_at: Date;
  resource_variants: ResourceVariant[] | null;
}

/** Filters of GET /v1/widgets. */
export interface WidgetFilters {
  /** Only widgets placed on this platform product (an extension). */
  externalProductId?: number | undefined;
  /** Only the widget with this id (GET /v1/widgets/{id}). */
  id?: number | undefined;
}

// Only the settings the API knows travel: a stored key from an older version stays inside.
const SETTING_KEYS = Object.keys(defaultSettings('date')) as (keyof WidgetSettings)[];

function knownSettings(stored: Record<string, unknown> | null): Partial<WidgetSettings> {
  const known: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) if (stored && stored[key] !== undefined) known[key] = stored[key];
  return known as Partial<WidgetSettings>;
}

function toWidgetRecord(row: WidgetRow): Widget {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    tz: row.tz,
    locale: row.locale,
    product_ids: row.product_ids,
    external_product_ids: row.external_product_ids,
    settings: resolveSettings(row.type, knownSettings(row.settings)),
    created_at: toIsoUtc(row.created_at),
    updated_at: toIsoUtc(row.updated_at),
    ...(row.resource_variants && { resource_variants: row.resource_variants }),
  };
}

// The variants of the widget's products that draw on shared resources, with each requirement's
// pool by name: what the widget needs for ticket types and a shopper's choice (no units, hours
// or blackouts: those reach it as availability). NULL when none does: no key in the record.
const RESOURCE_VARIANTS = `(SELECT jsonb_agg(jsonb_build_object(
            'external_id', v.external_id, 'product_external_id', p.external_id, 'title', v.title,
            'requirements', (SELECT jsonb_agg(jsonb_build_object(
                               'per', q.per, 'uses', q.uses, 'choice', q.choice,
                               'resources', (SELECT jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) ORDER BY s.name, s.id)
                                               FROM requirement_resources rr JOIN resources s ON s.id = rr.resource_id
                                              WHERE rr.requirement_id = q.id)) ORDER BY q.position)
                               FROM variant_requirements q WHERE q.variant_id = v.id)) ORDER BY p.id, v.id)
           FROM widget_products wp JOIN products p ON p.id = wp.product_id JOIN variants v ON v.product_id = p.id
          WHERE wp.widget_id = w.id AND EXISTS (SELECT 1 FROM variant_requirements q WHERE q.variant_id = v.id))`;

/** One page of the shop's widgets matching `filters`, by id, and the total. */
export async function listWidgets(
  db: Queryable,
  shopId: number,
  filters: WidgetFilters,
  page: Page,
): Promise<{ records: Widget[]; total: number }> {
  const params: unknown[] = [shopId];
  const where = ['w.shop_id = $1'];
  if (filters.id !== undefined) {
    params.push(filters.id);
    where.push(`w.id = $${params.length}`);
  }
  if (filters.externalProductId !== undefined) {
    params.push(filters.externalProductId);
    where.push(`EXISTS (SELECT 1 FROM widget_products wp JOIN products p ON p.id = wp.product_id
                  WHERE wp.widget_id = w.id AND p.external_id = $${params.length})`);
  }
  // Products in the arrays are ordered by the service's id: the order they were added in.
  const { rows, total } = await pagedQuery<WidgetRow>(
    db,
    {
      matched: `SELECT w.* FROM widgets w WHERE ${where.join(' AND ')}`,
      page: `SELECT w.id, w.title, w.type, s.tz, COALESCE(w.locale, s.locale) AS locale, w.settings,
          ARRAY(SELECT wp.product_id FROM widget_products wp WHERE wp.widget_id = w.id ORDER BY wp.product_id) AS product_ids,
          ARRAY(SELECT p.external_id FROM widget_products wp JOIN products p ON p.id = wp.product_id
                 WHERE wp.widget_id = w.id ORDER BY p.id) AS external_product_ids,
          w.created_at, w.updated_at, ${RESOURCE_VARIANTS} AS resource_variants
        FROM matched w JOIN shops s ON s.id = w.shop_id`,
      orderBy: ['id'],
      params,
    },
    page,
  );
  return { records: rows.map(toWidgetRecord), total };
}

/** The shop's widget `id` as a record, if there is one. */
export async function findWidget(db: Queryable, shopId: number, id: number): Promise<Widget | undefined> {
  const { records } = await listWidgets(db, shopId, { id }, { page: 1, per: 1, offset: 0 });
  return records[0];
}
