/**
 * The fixture file's shape (API.md §8) and its check: a bad fixture is refused with a message
 * that names the place, before anything is written.
 * @module
 */
import type { WidgetSettings, WidgetType } from '../../shared/records.ts';
import type { ScheduleParams } from '../../shared/merchant-params.ts';
import type { RequirementChoice, RequirementPer, ResourceHours, ResourceKind } from '../../shared/resource-records.ts';
import type { Schedule } from '../../shared/schedule.ts';
import { HoursInputSchema } from '../resources/hours.ts';
import { REQUIREMENT_CHOICE, REQUIREMENT_PER, RESOURCE_KINDS } from '../shared/resource-record-schemas.ts';
import { fieldsOf } from '../shared/schema-issues.ts';
import { ScheduleInputSchema } from '../slots/schedule-schema.ts';
import { settingError, settingsError } from '../widgets/settings-rules.ts';
import { SHOPIFY_DOMAIN } from './input.ts';

/** A fixture: shops with their catalogue, widgets, blackouts and tokens. */
export interface Fixture {
  shops: FixtureShop[];
}

/** One shop of a fixture. */
export interface FixtureShop {
  name: string;
  tz: string;
  locale?: string;
  locations?: { name: string }[];
  /** The people and things its products share (issue 39); variants name them in `requirements`. */
  resources?: FixtureResource[];
  products?: {
    external_id: number;
    title: string;
    vendor?: string;
    location?: string;
    /** `schedule`: as the merchant API takes it (API.md §4.6.1), defaults filled in. */
    variants?: {
      external_id: number;
      title: string;
      capacity: number;
      schedule?: ScheduleParams | null;
      /** Left out: the variant's stay as they are; `[]` takes them away. */
      requirements?: FixtureRequirement[];
    }[];
  }[];
  widgets?: {
    title: string;
    type: WidgetType;
    locale?: string;
    external_product_ids?: number[];
    settings?: Partial<WidgetSettings>;
  }[];
  blackouts?: {
    title?: string;
    /** What shoppers are told (issue 27); without it they read "Closed". */
    shopper_reason?: string;
    starts_at: string;
    finishes_at: string;
    all_day?: 0 | 1;
    scope?: 'overlap' | 'start';
    external_product_id?: number;
    external_variant_id?: number;
    location?: string;
  }[];
  tokens?: { kind: 'secret' | 'publishable'; token: string; origins?: string[] }[];
  /** The shop's Shopify app settings: its myshopify domain and the app's client secret. */
  shopify?: { domain: string; api_secret: string };
}

/** A fixture's resource: `kind` defaults to `other`, `hours` to always. */
export interface FixtureResource {
  name: string;
  kind?: ResourceKind;
  units: number;
  hours?: ResourceHours | null;
  /** A location of the fixture's shop, by name. */
  location?: string;
}

/** A variant's requirement in a fixture: the pool by the resources' names; the defaults as the API's. */
export interface FixtureRequirement {
  resources: string[];
  uses?: number;
  per?: RequirementPer;
  choice?: RequirementChoice;
}

/** A resource's hours as stored (weekday order, defaults none), or `FixtureError` naming the first bad one. */
export function fixtureHours(value: unknown, path: string): ResourceHours | null {
  if (value === undefined || value === null) return null;
  const parsed = HoursInputSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [field, messages] = Object.entries(fieldsOf(parsed.error.issues, ''))[0]!;
  return fail(field === '' ? path : `${path}.${field}`, messages[0]!);
}

/**
 * A variant's schedule with its defaults (null: booked by days), or `FixtureError` naming the
 * first bad field under `path` (`shops[0].products[2].variants[0].schedule.hours.mon[1]`).
 */
export function fixtureSchedule(value: unknown, path: string): Schedule | null | undefined {
  if (value === undefined || value === null) return value;
  const parsed = ScheduleInputSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [field, messages] = Object.entries(fieldsOf(parsed.error.issues, ''))[0]!;
  return fail(field === '' ? path : `${path}.${field}`, messages[0]!);
}

/** A fixture that cannot be loaded, with the place at fault in the message. */
export class FixtureError extends Error {
  override readonly name = 'FixtureError';
}

type Check = (value: unknown, path: string) => void;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (path: string, message: string): never => {
  throw new FixtureError(`${path} ${message}`);
};
const str: Check = (v, p) =>
  typeof v === 'string' && v.length > 0 && v.length <= 255 ? undefined : fail(p, 'must be a non-empty string');
const id: Check = (v, p) =>
  Number.isSafeInteger(v) && (v as number) > 0 ? undefined : fail(p, 'must be a positive whole number');
const oneOf =
  (...values: unknown[]): Check =>
  (v, p) =>
    values.includes(v) ? undefined : fail(p, `must be one of ${values.join(', ')}`);

function each(value: unknown, path: string, check: (item: Record<string, unknown>, path: string) => void): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) fail(path, 'must be an array');
  (value as unknown[]).forEach((item, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(item)) fail(at, 'must be an object');
    check(item as Record<string, unknown>, at);
  });
}

function optional(obj: Record<string, unknown>, key: string, path: string, check: Check): void {
  if (obj[key] !== undefined && obj[key] !== null) check(obj[key], `${path}.${key}`);
}

function checkResource(r: Record<string, unknown>, path: string): void {
  if (typeof r.name !== 'string' || r.name.trim() === '' || r.name.length > 120)
    fail(`${path}.name`, 'must be a non-empty string of at most 120 characters');
  optional(r, 'kind', path, oneOf(...RESOURCE_KINDS));
  if (!Number.isInteger(r.units) || (r.units as number) < 1 || (r.units as number) > 100_000)
    fail(`${path}.units`, 'must be a whole number from 1 to 100000');
  fixtureHours(r.hours, `${path}.hours`);
  optional(r, 'location', path, str);
}

function checkRequirements(value: unknown, path: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || value.length > 5) fail(path, 'must be an array of at most 5 requirements');
  each(value, path, (r, rp) => {
    const pool = r.resources;
    if (!Array.isArray(pool) || pool.length < 1 || pool.length > 20)
      fail(`${rp}.resources`, 'must be an array of 1 to 20 resource names');
    (pool as unknown[]).forEach((name, i) => {
      str(name, `${rp}.resources[${i}]`);
      if ((pool as unknown[]).indexOf(name) !== i) fail(`${rp}.resources[${i}]`, 'is given twice');
    });
    if (r.uses !== undefined && (!Number.isInteger(r.uses) || (r.uses as number) < 1))
      fail(`${rp}.uses`, 'must be a whole number from 1');
    optional(r, 'per', rp, oneOf(...REQUIREMENT_PER));
    optional(r, 'choice', rp, oneOf(...REQUIREMENT_CHOICE));
  });
}

function checkSettings(value: unknown, path: string): void {
  if (!isObject(value)) fail(path, 'must be an object');
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const error = settingError(key, v);
    if (error) fail(`${path}.${key}`, error);
  }
}

/** Checks `value` against the fixture format and returns it typed, or throws `FixtureError`. */
export function checkFixture(value: unknown): Fixture {
  if (!isObject(value) || !Array.isArray(value.shops))
    throw new FixtureError('fixture must be an object with a "shops" array');
  each(value.shops, 'shops', (shop, sp) => {
    str(shop.name, `${sp}.name`);
    str(shop.tz, `${sp}.tz`);
    optional(shop, 'locale', sp, str);
    each(shop.locations, `${sp}.locations`, (l, lp) => str(l.name, `${lp}.name`));
    each(shop.resources, `${sp}.resources`, checkResource);
    each(shop.products, `${sp}.products`, (product, pp) => {
      id(product.external_id, `${pp}.external_id`);
      str(product.title, `${pp}.title`);
      optional(product, 'vendor', pp, str);
      optional(product, 'location', pp, str);
      each(product.variants, `${pp}.variants`, (variant, vp) => {
        id(variant.external_id, `${vp}.external_id`);
        str(variant.title, `${vp}.title`);
        if (!Number.isInteger(variant.capacity) || (variant.capacity as number) < 0)
          fail(`${vp}.capacity`, 'must be a whole number from 0');
        fixtureSchedule(variant.schedule, `${vp}.schedule`);
        checkRequirements(variant.requirements, `${vp}.requirements`);
      });
    });
    each(shop.widgets, `${sp}.widgets`, (widget, wp) => {
      str(widget.title, `${wp}.title`);
      oneOf('date', 'range', 'slot')(widget.type, `${wp}.type`);
      optional(widget, 'locale', wp, str);
      if (widget.external_product_ids !== undefined) {
        if (!Array.isArray(widget.external_product_ids)) fail(`${wp}.external_product_ids`, 'must be an array');
        (widget.external_product_ids as unknown[]).forEach((v, i) => id(v, `${wp}.external_product_ids[${i}]`));
      }
      optional(widget, 'settings', wp, checkSettings);
      if (isObject(widget.settings)) {
        const together = settingsError(widget.settings, widget.type as WidgetType);
        if (together) fail(`${wp}.settings.${together[0]}`, together[1]);
      }
    });
    each(shop.blackouts, `${sp}.blackouts`, (b, bp) => {
      str(b.starts_at, `${bp}.starts_at`);
      str(b.finishes_at, `${bp}.finishes_at`);
      optional(b, 'title', bp, str);
      optional(b, 'shopper_reason', bp, str);
      optional(b, 'all_day', bp, oneOf(0, 1));
      optional(b, 'scope', bp, oneOf('overlap', 'start'));
      optional(b, 'external_product_id', bp, id);
      optional(b, 'external_variant_id', bp, id);
      optional(b, 'location', bp, str);
    });
    if (shop.shopify !== undefined) {
      if (!isObject(shop.shopify)) fail(`${sp}.shopify`, 'must be an object with domain and api_secret');
      const shopify = shop.shopify as Record<string, unknown>;
      if (typeof shopify.domain !== 'string' || !SHOPIFY_DOMAIN.test(shopify.domain))
        fail(`${sp}.shopify.domain`, "must be the shop's myshopify.com domain");
      str(shopify.api_secret, `${sp}.shopify.api_secret`);
    }
    each(shop.tokens, `${sp}.tokens`, (t, tp) => {
      oneOf('secret', 'publishable')(t.kind, `${tp}.kind`);
      str(t.token, `${tp}.token`);
      if (t.origins !== undefined) {
        if (!Array.isArray(t.origins)) fail(`${tp}.origins`, 'must be an array');
        (t.origins as unknown[]).forEach((o, i) => str(o, `${tp}.origins[${i}]`));
      }
    });
  });
  return value as unknown as Fixture;
}
