/**
 * The reservation endpoints' requests as schemas (seed §2.5, API.md §3): the body of
 * POST /v1/reservations and the queries of the reads. Every bad field is named in one 422
 * (`items[0].start`, `cart_token`, ...); a field the payload does not have is a 422 too
 * (`items[0].end`: "is not a reservation item field"): a typo must not be held as something
 * else (a one-day hold for a range, quantity 1 for 3).
 * @module
 */
import { z } from '@hono/zod-openapi';
import { fieldsOf } from '../shared/schema-issues.ts';
import { InvalidError } from '../shared/errors.ts';
import { diffDays, isPlainDate, type PlainDate } from '../../shared/plain-date.ts';
import type { Guest } from '../../shared/records.ts';
import { PAGE_QUERY, cartTokenQuery, query, queryBool, queryId } from '../shared/query-schemas.ts';
import { MAX_ITEMS, cartToken, externalId, fieldsOnly, list, person, wholeNumber } from '../shared/schemas.ts';

/** The longest item, in days (as the availability endpoint's window). */
export const MAX_ITEM_DAYS = 366;

/**
 * When an item starts or finishes, as posted: a shop-local day (a variant booked by days), or,
 * for a variant booked by times of day (SLOTS.md §2), a shop-local wall time
 * `YYYY-MM-DD HH:MM` or a UTC instant. Which one a variant takes is the hold's rule
 * (`item-periods.ts`), not the schema's: the schema does not know the variant.
 */
export type ItemTime = { day: PlainDate } | { local: string } | { instant: number };

/** One posted item; quantity 0 removes the variant from the cart. */
export interface HoldItemInput {
  externalId: number;
  start: ItemTime;
  /** Undefined when not posted: the day after a day's start, or the slot's own finish. */
  finish: ItemTime | undefined;
  quantity: number;
  /** The shopper's pick in a `shopper` pool (RESOURCES.md §3), as posted; undefined: any. */
  resourceId?: string;
}

/** A checked POST /v1/reservations body. */
export interface HoldInput {
  cartToken: string;
  items: HoldItemInput[];
  /** Undefined when not posted: the cart keeps the guests it had. */
  guests: Guest[] | undefined;
}

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An `ItemTime` as posted, or undefined when `value` is none. */
export function itemTimeOf(value: unknown): ItemTime | undefined {
  if (isPlainDate(value)) return { day: value };
  if (typeof value !== 'string') return undefined;
  const local = LOCAL_TIME.exec(value);
  if (local) return isPlainDate(local[1]) ? { local: `${local[1]} ${local[2]}:${local[3]}` } : undefined;
  const instant = INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(instant) ? undefined : { instant };
}

const TIME_SHAPES = 'a date YYYY-MM-DD, or for a time of day a local "YYYY-MM-DD HH:MM" or a UTC instant';

const START = z
  .custom<string>((value) => itemTimeOf(value) !== undefined, {
    error: (issue) => (issue.input === undefined ? 'is required' : `must be ${TIME_SHAPES}`),
  })
  .openapi({
    type: 'string',
    description:
      "The first day held (`YYYY-MM-DD`); for a variant booked by times of day, the slot's start: local `YYYY-MM-DD HH:MM` in the shop's zone or a UTC instant.",
    example: '2026-12-10',
  });

const FINISH = z
  .custom<string>((value) => itemTimeOf(value) !== undefined, `must be ${TIME_SHAPES}`)
  .nullish()
  .openapi({
    type: 'string',
    description:
      "The first day not held (an extension; default start + 1); for a `units` variant booked by times of day, the finish of the last consecutive slot (default: the slot's own).",
  });

/** One item: the seed's fields and `finish` (an extension). */
const ITEM = fieldsOnly(
  {
    external_id: externalId(),
    start: START,
    finish: FINISH,
    quantity: wholeNumber(0),
    resource_id: z
      .union([z.string().max(64), z.number().int()])
      .nullable()
      .optional()
      .openapi({
        description:
          "The shopper's pick of a resource in a pool the merchant lets shoppers choose from (RESOURCES.md); omitted or null: any.",
      }),
  },
  'reservation item',
  'must be an object with external_id, start and quantity',
).superRefine(
  (item, ctx) => {
    // Checked whatever else is wrong with the item, so one 422 names every bad field.
    const { start, finish } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (!isPlainDate(start) || finish === undefined || finish === null) return;
    if (!isPlainDate(finish)) {
      // A day's start and a time's finish never make one item (times are checked by the hold).
      ctx.addIssue({ code: 'custom', path: ['finish'], message: 'must be a date YYYY-MM-DD like start' });
      return;
    }
    const days = diffDays(start, finish);
    const message =
      days < 1
        ? 'must be after start (it is the first day not held)'
        : days > MAX_ITEM_DAYS
          ? `must be at most ${MAX_ITEM_DAYS} days after start`
          : undefined;
    if (message) ctx.addIssue({ code: 'custom', path: ['finish'], message });
  },
  { when: () => true },
);

const ITEMS_MESSAGE = `must list 1 to ${MAX_ITEMS} items`;

/** The body of POST /v1/reservations, as posted. */
export const HoldBody = fieldsOnly(
  {
    cart_token: cartToken(),
    items: list(ITEM, MAX_ITEMS, { empty: ITEMS_MESSAGE }),
    guests: list(person('guest'), MAX_ITEMS).optional(),
  },
  'reservation',
  'must be a JSON object with cart_token and items',
).openapi('HoldRequest');

/** The checked body as the hold's rules take it. */
export function holdInputOf(body: z.output<typeof HoldBody>): HoldInput {
  return {
    cartToken: body.cart_token,
    items: body.items.map((item) => ({
      externalId: item.external_id,
      start: itemTimeOf(item.start)!,
      finish: item.finish == null ? undefined : itemTimeOf(item.finish),
      quantity: item.quantity,
      ...(item.resource_id != null && { resourceId: String(item.resource_id) }),
    })),
    guests: body.guests,
  };
}

/** Checks `body` outside a route (the rules' tests), throwing the 422 that names every bad field. */
export function readHoldInput(body: unknown): HoldInput {
  const result = HoldBody.safeParse(body);
  if (!result.success) throw new InvalidError(fieldsOf(result.error.issues));
  return holdInputOf(result.data);
}

/** The `cart_token` filter of the reservation reads. */
const CART_TOKEN_FILTER = cartTokenQuery().openapi({
  type: 'string',
  description: "Only this cart's reservation (a publishable token must give it).",
});

/** The query of GET /v1/reservations. */
export const ListQuery = query({
  ...PAGE_QUERY,
  cart_token: CART_TOKEN_FILTER,
  active: queryBool().openapi({ description: 'Only unexpired (true) or only expired (false) reservations.' }),
  product_id: queryId(),
  external_product_id: queryId(),
  variant_id: queryId(),
  external_variant_id: queryId(),
});

/** The query of GET and DELETE /v1/reservations/{id}. */
export const ReservationQuery = query({ cart_token: CART_TOKEN_FILTER });

/** The path of one reservation: an id that names none is a 404 (`pathIdOr404`), not a 422. */
export const ReservationParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '1' }),
});
