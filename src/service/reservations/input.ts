/**
 * The body of POST /v1/reservations (seed §2.5, API.md §3), checked: every bad field is named
 * in one 422 (`items[0].start`, `cart_token`, ...). A field the payload does not have is a 422
 * too (`items[0].end`: "is not a reservation item field"), as for every other write: a typo
 * must not be held as something else (a one-day hold for a range, quantity 1 for 3).
 * @module
 */
import { FieldErrors } from '../shared/field-errors.ts';
import { type PlainDate, addDays, diffDays, isPlainDate } from '../../shared/plain-date.ts';
import type { Guest } from '../../shared/records.ts';
import {
  MAX_ITEMS,
  asObject,
  cartToken as readCartToken,
  externalId,
  list,
  onlyFields,
  person,
  wholeNumber,
} from '../shared/body.ts';

/** The fields of the body: the seed's (§2.5). */
const RESERVATION_FIELDS: ReadonlySet<string> = new Set(['cart_token', 'items', 'guests']);
/** The fields of an item: the seed's, and `finish` (an extension). */
const ITEM_FIELDS: ReadonlySet<string> = new Set(['external_id', 'start', 'finish', 'quantity']);

/** The longest item, in days (as the availability endpoint's window). */
export const MAX_ITEM_DAYS = 366;

/** One posted item: the days `[start, finish)`; quantity 0 removes the variant from the cart. */
export interface HoldItemInput {
  externalId: number;
  start: PlainDate;
  finish: PlainDate;
  quantity: number;
}

/** A checked POST /v1/reservations body. */
export interface HoldInput {
  cartToken: string;
  items: HoldItemInput[];
  /** Undefined when not posted: the cart keeps the guests it had. */
  guests: Guest[] | undefined;
}

/** Checks `body`, throwing the 422 that names every bad field. */
export function readHoldInput(body: unknown): HoldInput {
  const errors = new FieldErrors();
  const o = asObject(body);
  if (!o) {
    errors.add('body', 'must be a JSON object with cart_token and items');
    errors.throwIfAny();
  }
  onlyFields(errors, '', o!, RESERVATION_FIELDS, 'reservation');
  const cartToken = readCartToken(errors, 'cart_token', o!.cart_token);
  if (o!.items === undefined || (Array.isArray(o!.items) && o!.items.length === 0))
    errors.add('items', `must list 1 to ${MAX_ITEMS} items`);
  const items = list(errors, 'items', o!.items, MAX_ITEMS, (v, path) => readItem(errors, path, v)) ?? [];
  const guests = list(errors, 'guests', o!.guests, MAX_ITEMS, (v, path) => person(errors, path, v, 'guest'));
  errors.throwIfAny();
  return { cartToken: cartToken!, items, guests };
}

function readItem(errors: FieldErrors, path: string, value: unknown): HoldItemInput | undefined {
  const o = asObject(value);
  if (!o) {
    errors.add(path, 'must be an object with external_id, start and quantity');
    return undefined;
  }
  onlyFields(errors, `${path}.`, o, ITEM_FIELDS, 'reservation item');
  const id = externalId(errors, `${path}.external_id`, o.external_id);
  const start = isPlainDate(o.start) ? o.start : undefined;
  if (!start) errors.add(`${path}.start`, o.start === undefined ? 'is required' : 'must be a date YYYY-MM-DD');
  let finish: PlainDate | undefined;
  if (o.finish === undefined || o.finish === null) finish = start && addDays(start, 1);
  else if (!isPlainDate(o.finish)) errors.add(`${path}.finish`, 'must be a date YYYY-MM-DD (the first day not held)');
  else if (start && diffDays(start, o.finish) < 1)
    errors.add(`${path}.finish`, 'must be after start (it is the first day not held)');
  else if (start && diffDays(start, o.finish) > MAX_ITEM_DAYS)
    errors.add(`${path}.finish`, `must be at most ${MAX_ITEM_DAYS} days after start`);
  else finish = o.finish;
  const quantity =
    o.quantity === undefined
      ? (errors.add(`${path}.quantity`, 'is required'), undefined)
      : wholeNumber(errors, `${path}.quantity`, o.quantity, 0);
  if (id === undefined || !start || !finish || quantity === undefined) return undefined;
  return { externalId: id, start, finish, quantity };
}
