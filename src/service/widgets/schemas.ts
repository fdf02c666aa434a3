/**
 * The body of POST and PUT /v1/widgets (an extension) and the query of the list, as schemas;
 * every bad field is named in one 422. Products are named by their platform ids
 * (`external_product_ids`, as the fixture and GET name them) or the service's (`product_ids`),
 * not both; a PUT that gives either replaces the widget's products. Settings are checked one by
 * one (`settings-rules.ts`), and together (min ≤ max) once merged over the stored ones.
 * @module
 */
import { z } from '@hono/zod-openapi';
import type { WidgetSettings, WidgetType } from '../../shared/records.ts';
import { languageTag } from '../shared/body.ts';
import { PAGE_QUERY, query, queryId } from '../shared/query-schemas.ts';
import { fieldsOnly, text } from '../shared/schemas.ts';
import { settingError } from './settings-rules.ts';

/** The most products one widget may be placed on. */
export const MAX_WIDGET_PRODUCTS = 500;

/** A checked widget body; absent fields are undefined. */
export interface WidgetInput {
  title?: string;
  type?: WidgetType;
  locale?: string | null;
  settings?: Partial<WidgetSettings>;
  products?: { by: 'external_id' | 'id'; ids: number[] };
}

/** Stands for `product_ids` when both lists are given: neither is read, one message names it. */
const BOTH = Symbol('both');

/** A list of product ids (numbers or strings of digits), each named when bad; repeats dropped. */
const ids = () =>
  z
    .unknown()
    .transform((value, ctx) => {
      if (value === BOTH) {
        ctx.issues.push({ code: 'custom', message: 'and external_product_ids cannot both be given', input: value });
        return z.NEVER;
      }
      if (!Array.isArray(value) || value.length > MAX_WIDGET_PRODUCTS) {
        ctx.issues.push({
          code: 'custom',
          message: `must be a list of at most ${MAX_WIDGET_PRODUCTS} ids`,
          input: value,
        });
        return z.NEVER;
      }
      const out: number[] = [];
      value.forEach((v, i) => {
        const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : NaN;
        if (!Number.isSafeInteger(n) || n < 1)
          ctx.issues.push({ code: 'custom', path: [i], message: 'must be a positive whole number', input: v });
        else if (!out.includes(n)) out.push(n);
      });
      return out;
    })
    .optional()
    .openapi({ type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: MAX_WIDGET_PRODUCTS });

const LOCALE = z
  .unknown()
  .transform((value, ctx) => {
    if (value === null) return null;
    // The shop's rule (canonical spelling: `de-ch` is stored as `de-CH`).
    const tag = languageTag(value);
    if (tag === undefined)
      ctx.issues.push({
        code: 'custom',
        message: 'must be a language tag like "en" or "de-CH", or null for the shop\'s',
        input: value,
      });
    return tag ?? z.NEVER;
  })
  .optional()
  .openapi({ type: ['string', 'null'], example: 'de-CH' });

const SETTINGS = z
  .record(z.string(), z.unknown(), 'must be an object')
  .superRefine((settings, ctx) => {
    for (const [key, value] of Object.entries(settings)) {
      const error = settingError(key, value);
      if (error) ctx.addIssue({ code: 'custom', path: [key.slice(0, 64)], message: error });
    }
  })
  .transform((settings) => settings as Partial<WidgetSettings>)
  .optional()
  .openapi({ type: 'object', description: 'Any of the settings (API.md §2); the others keep their values.' });

const TYPE = z.enum(['date', 'range', 'slot'], 'must be "date", "range" or "slot"');
const TITLE = z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), text(255));

/** The body of a widget; `create` requires `title` and `type`. */
function widgetBody(mode: 'create' | 'update') {
  const shape = {
    title: mode === 'create' ? TITLE : TITLE.optional(),
    type: mode === 'create' ? TYPE : TYPE.optional(),
    locale: LOCALE,
    settings: SETTINGS,
    product_ids: ids(),
    external_product_ids: ids(),
    // Read-only fields a record read with GET may send back: ignored.
    id: z.unknown().optional(),
    tz: z.unknown().optional(),
    created_at: z.unknown().optional(),
    updated_at: z.unknown().optional(),
  };
  const body = fieldsOnly(shape, 'widget', 'must be a JSON object');
  return z.preprocess((value) => {
    const o = value as Record<string, unknown> | null;
    return typeof o === 'object' && o !== null && o.product_ids !== undefined && o.external_product_ids !== undefined
      ? { ...o, product_ids: BOTH, external_product_ids: undefined }
      : value;
  }, body);
}

/** The body of POST /v1/widgets. */
export const WidgetCreateBody = widgetBody('create').openapi('WidgetCreate');
/** The body of PUT /v1/widgets/{id}. */
export const WidgetChangeBody = widgetBody('update').openapi('WidgetChange');

/** The checked body as the rules take it. */
export function widgetInputOf(body: z.output<typeof WidgetChangeBody>): WidgetInput {
  const input: WidgetInput = {};
  if (body.title !== undefined) input.title = body.title;
  if (body.type !== undefined) input.type = body.type;
  if (body.locale !== undefined) input.locale = body.locale;
  if (body.settings !== undefined) input.settings = body.settings;
  if (body.external_product_ids !== undefined) input.products = { by: 'external_id', ids: body.external_product_ids };
  else if (body.product_ids !== undefined) input.products = { by: 'id', ids: body.product_ids };
  return input;
}

/** The query of GET /v1/widgets. */
export const WidgetListQuery = query({ ...PAGE_QUERY, external_product_id: queryId() });
