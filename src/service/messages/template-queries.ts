/**
 * The merchant's message templates (migration 30), one row per shop, kind and language, and
 * what a preview needs of the shop. Every statement is scoped by shop.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { MessageKind } from './types.ts';

/** A saved template. */
export interface TemplateRow {
  kind: MessageKind;
  locale: string;
  subject: string;
  intro: string;
  updatedAt: Date;
}

interface RawTemplate {
  kind: MessageKind;
  locale: string;
  subject: string;
  intro: string;
  updated_at: Date | string;
}

const toRow = (raw: RawTemplate): TemplateRow => ({
  kind: raw.kind,
  locale: raw.locale,
  subject: raw.subject,
  intro: raw.intro,
  updatedAt: new Date(raw.updated_at),
});

/** The shop's saved templates. */
export async function listTemplates(db: Queryable, shopId: number): Promise<TemplateRow[]> {
  const { rows } = await db.query<RawTemplate>(
    'SELECT kind, locale, subject, intro, updated_at FROM message_templates WHERE shop_id = $1 ORDER BY kind, locale',
    [shopId],
  );
  return rows.map(toRow);
}

/** Saves the shop's template for `kind` in `locale` (replacing the one saved before). */
export async function saveTemplate(
  db: Queryable,
  shopId: number,
  template: { kind: MessageKind; locale: string; subject: string; intro: string },
): Promise<TemplateRow> {
  const { rows } = await db.query<RawTemplate>(
    `INSERT INTO message_templates (shop_id, kind, locale, subject, intro) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (shop_id, kind, locale) DO UPDATE
       SET subject = excluded.subject, intro = excluded.intro, updated_at = clock_timestamp()
     RETURNING kind, locale, subject, intro, updated_at`,
    [shopId, template.kind, template.locale, template.subject, template.intro],
  );
  return toRow(rows[0]!);
}

/** Removes the shop's template for `kind` in `locale`: messages use the default words again. */
export async function deleteTemplate(db: Queryable, shopId: number, kind: MessageKind, locale: string): Promise<void> {
  await db.query('DELETE FROM message_templates WHERE shop_id = $1 AND kind = $2 AND locale = $3', [
    shopId,
    kind,
    locale,
  ]);
}

/** What a preview's sample booking is made of: the shop, one of its products, and tomorrow at 10:00 UTC-ish. */
export interface PreviewContext {
  name: string;
  tz: string;
  product: string | null;
  variant: string | null;
  location: string | null;
  /** The database's now, for the sample booking's date. */
  now: Date;
}

/** The shop's name and zone and its first product, for a preview. */
export async function previewContext(db: Queryable, shopId: number): Promise<PreviewContext | undefined> {
  const { rows } = await db.query<{
    name: string;
    tz: string;
    product: string | null;
    variant: string | null;
    location: string | null;
    now: Date | string;
  }>(
    `SELECT s.name, s.tz, p.product, p.variant, p.location, clock_timestamp() AS now
       FROM shops s
       LEFT JOIN LATERAL (SELECT pr.title AS product, v.title AS variant, l.name AS location
                            FROM products pr JOIN variants v ON v.product_id = pr.id
                            LEFT JOIN locations l ON l.id = pr.location_id
                           WHERE pr.shop_id = s.id ORDER BY pr.id, v.id LIMIT 1) p ON true
      WHERE s.id = $1`,
    [shopId],
  );
  const row = rows[0];
  return row && { ...row, now: new Date(row.now) };
}
