/**
 * The body of POST and PUT /v1/widgets (an extension), checked without the database; every bad
 * field is named in one 422. Products are named by their platform ids (`external_product_ids`,
 * as the fixture and GET name them) or the service's (`product_ids`), not both; a PUT that
 * gives either replaces the widget's products. Settings are checked one by one
 * (`settings-rules.ts`), and together (min ≤ max) once merged over the stored ones.
 * @module
 */
import type { WidgetSettings, WidgetType } from '../../shared/records.ts';
import { asObject, text } from '../shared/body.ts';
import { FieldErrors } from '../shared/field-errors.ts';
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

const WRITABLE = new Set(['title', 'type', 'locale', 'settings', 'product_ids', 'external_product_ids']);
const READ_ONLY = new Set(['id', 'tz', 'created_at', 'updated_at']);
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

function readIds(value: unknown, field: string, errors: FieldErrors): number[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_WIDGET_PRODUCTS) return void errors.add(field, `must be a list of at most ${MAX_WIDGET_PRODUCTS} ids`);
  const ids: number[] = [];
  value.forEach((v, i) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 1) errors.add(`${field}[${i}]`, 'must be a positive whole number');
    else if (!ids.includes(n)) ids.push(n);
  });
  return ids;
}

/** Checks `body`; `create` requires `title` and `type`. Throws `InvalidError` (422). */
export function readWidgetInput(body: unknown, mode: 'create' | 'update'): WidgetInput {
  const errors = new FieldErrors();
  const o = asObject(body);
  const input: WidgetInput = {};
  if (!o) errors.add('body', 'must be a JSON object');
  else {
    for (const key of Object.keys(o)) if (!WRITABLE.has(key) && !READ_ONLY.has(key)) errors.add(key.slice(0, 64), 'is not a widget field');
    if (o.title !== undefined || mode === 'create') input.title = text(errors, 'title', typeof o.title === 'string' ? o.title.trim() : o.title);
    if (o.type !== undefined || mode === 'create') {
      if (o.type === 'date' || o.type === 'range') input.type = o.type;
      else errors.add('type', 'must be "date" or "range"');
    }
    if (o.locale === null) input.locale = null;
    else if (o.locale !== undefined) {
      if (typeof o.locale === 'string' && o.locale.length <= 35 && LOCALE.test(o.locale)) input.locale = o.locale;
      else errors.add('locale', 'must be a language tag like "en" or "de-CH", or null for the shop\'s');
    }
    if (o.settings !== undefined) {
      const settings = asObject(o.settings);
      if (!settings) errors.add('settings', 'must be an object');
      else {
        for (const [key, value] of Object.entries(settings)) {
          const error = settingError(key, value);
          if (error) errors.add(`settings.${key.slice(0, 64)}`, error);
        }
        input.settings = settings as Partial<WidgetSettings>;
      }
    }
    if (o.product_ids !== undefined && o.external_product_ids !== undefined) errors.add('product_ids', 'and external_product_ids cannot both be given');
    else if (o.external_product_ids !== undefined) input.products = { by: 'external_id', ids: readIds(o.external_product_ids, 'external_product_ids', errors) ?? [] };
    else if (o.product_ids !== undefined) input.products = { by: 'id', ids: readIds(o.product_ids, 'product_ids', errors) ?? [] };
  }
  errors.throwIfAny();
  return input;
}
