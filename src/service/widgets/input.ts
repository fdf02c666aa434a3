/**
 * The body of POST and PUT /v1/widgets (an extension), checked without the database; every bad
 * field is named in one 422. Products are named by their platform ids (`external_product_ids`,
 * as the fixture and GET name them) or the service's (`product_ids`), not both; a PUT that
 * gives either replaces the widget's products. Settings are checked one by one
 * (`settings-rules.ts`), and together (min ≤ max) once merged over the stored ones.
 * @module
 */
import type { WidgetSettings, WidgetType } from '../../shared/records.ts';
import { asObject, languageTag, onlyFields, text } from '../shared/body.ts';
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

// The writable fields and the read-only ones a record read with GET may send back (ignored).
const FIELDS: ReadonlySet<string> = new Set([
  'title',
  'type',
  'locale',
  'settings',
  'product_ids',
  'external_product_ids',
  'id',
  'tz',
  'created_at',
  'updated_at',
]);

function readIds(value: unknown, field: string, errors: FieldErrors): number[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_WIDGET_PRODUCTS)
    return void errors.add(field, `must be a list of at most ${MAX_WIDGET_PRODUCTS} ids`);
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
    onlyFields(errors, '', o, FIELDS, 'widget');
    if (o.title !== undefined || mode === 'create')
      input.title = text(errors, 'title', typeof o.title === 'string' ? o.title.trim() : o.title);
    if (o.type !== undefined || mode === 'create') {
      if (o.type === 'date' || o.type === 'range') input.type = o.type;
      else errors.add('type', 'must be "date" or "range"');
    }
    if (o.locale === null) input.locale = null;
    else if (o.locale !== undefined) {
      // The shop's rule (canonical spelling: `de-ch` is stored as `de-CH`).
      input.locale = languageTag(o.locale);
      if (input.locale === undefined)
        errors.add('locale', 'must be a language tag like "en" or "de-CH", or null for the shop\'s');
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
    if (o.product_ids !== undefined && o.external_product_ids !== undefined)
      errors.add('product_ids', 'and external_product_ids cannot both be given');
    else if (o.external_product_ids !== undefined)
      input.products = {
        by: 'external_id',
        ids: readIds(o.external_product_ids, 'external_product_ids', errors) ?? [],
      };
    else if (o.product_ids !== undefined)
      input.products = { by: 'id', ids: readIds(o.product_ids, 'product_ids', errors) ?? [] };
  }
  errors.throwIfAny();
  return input;
}
