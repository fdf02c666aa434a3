/**
 * The errors the service's rules raise on purpose, with no HTTP in them: a rule says *what* went
 * wrong (not found, a conflict with these items, these fields are invalid, not allowed), and
 * `http/errors.ts` (`toHttpError`) is the one place that turns each into a status and the
 * envelope of API.md §4. So the rules can be called and tested without a request.
 * Small typed classes, one per kind, each with its own `name` (as ky's and stripe-node's).
 * @module
 */
import type { UnavailableItem } from '../../shared/errors.ts';

/** What every domain error shares: a message for a developer, naming the field or id at fault. */
export abstract class DomainError extends Error {
  abstract override readonly name: string;
}

/** No such record in this shop (another shop's record looks exactly the same). */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
  /** The kind of record (`blackout`, `reservation`). */
  readonly what: string;
  /** The id asked for, as given. */
  readonly id: unknown;

  constructor(what: string, id: unknown, message = `No ${what} with id ${String(id)}.`) {
    super(message);
    this.what = what;
    this.id = id;
  }
}

/** The items do not fit (capacity, blackouts, the booking window): nothing was changed. */
export class ConflictError extends DomainError {
  override readonly name = 'ConflictError';
  /** Every posted item with its status and the units left for it. */
  readonly items: UnavailableItem[];

  constructor(message: string, items: UnavailableItem[]) {
    super(message);
    this.items = items;
  }
}

/**
 * The record cannot be deleted or changed so: live holds or coming bookings depend on it
 * (`holds` and `bookings` count them), or its external id is another record's.
 */
export class InUseError extends DomainError {
  override readonly name = 'InUseError';
  readonly dependents: Record<string, number>;
  /** The dependents' ids by kind (`variant_ids`, `booking_ids`), where the counts alone would not say which. */
  readonly ids: Record<string, number[]>;

  constructor(message: string, dependents: Record<string, number> = {}, ids: Record<string, number[]> = {}) {
    super(message);
    this.dependents = dependents;
    this.ids = ids;
  }
}

/** The booking is cancelled: it can no longer be changed (its units are free; book again instead). */
export class BookingCancelledError extends DomainError {
  override readonly name = 'BookingCancelledError';
  readonly id: number;

  constructor(id: number) {
    super(`Booking ${id} is cancelled and cannot be changed; nothing was changed (make a new booking instead).`);
    this.id = id;
  }
}

/** The input breaks the rules: messages by field path, e.g. `{ "items[0].quantity": [...] }`. */
export class InvalidError extends DomainError {
  override readonly name = 'InvalidError';
  readonly fields: Record<string, string[]>;

  constructor(fields: Record<string, string[]>) {
    super(invalidMessage(fields));
    this.fields = fields;
  }
}

/** The caller may not do this (a publishable token, a forbidden origin). */
export class ForbiddenError extends DomainError {
  override readonly name: string = 'ForbiddenError';
}

/**
 * A publishable token used from a site (`origin`) that it does not list: the page's developer
 * must add the site to the token (a new token with it, in the admin's Install screen or with
 * POST /v1/tokens).
 */
export class OriginNotAllowedError extends ForbiddenError {
  override readonly name = 'OriginNotAllowedError';
  readonly origin: string;

  constructor(origin: string) {
    super(
      `This publishable token may not be used from the origin ${origin}: make a publishable token that lists ${origin} (the admin's Install screen, or POST /v1/tokens with "origins"), and use it on that site.`,
    );
    this.origin = origin;
  }
}

/** One sentence naming the bad field, or how many there are and the first five. */
function invalidMessage(fields: Record<string, string[]>): string {
  const names = Object.keys(fields);
  const first = names[0] ?? 'request';
  return names.length === 1
    ? `${first} ${fields[first]?.[0] ?? 'is invalid'}.`
    : `${names.length} fields are invalid: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}.`;
}
