/**
 * The one error envelope of the API (API.md §4) and its codes.
 * @module
 */

/**
 * One error code per HTTP status: the code a client gives an answer whose body carries none (an
 * HTML page from a proxy). Kept apart from the codes that share a status (below) so the widget,
 * which needs only this, does not carry every code.
 */
export const STATUS_CODES = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  unavailable: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  header_too_large: 431,
  internal: 500,
} as const;

/** Each error code with the HTTP status it always travels with. */
export const ERROR_STATUS = {
  ...STATUS_CODES,
  in_use: 409,
  booking_cancelled: 409,
} as const;

/** An error code of the envelope's `error` field. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of every 4xx and 5xx answer. */
export interface ErrorBody {
  error: ErrorCode;
  /** One sentence for a developer, naming the field or id at fault. */
  message: string;
  details?: ErrorDetails;
}

/** Extra facts about an error. */
export interface ErrorDetails {
  /** For `validation_failed`: messages by field path, e.g. `items[0].quantity`. */
  fields?: Record<string, string[]>;
  /** For `unavailable`: every posted item with its status and what is left. */
  items?: UnavailableItem[];
  /** For `forbidden`, when a publishable token does not list the page's site: that origin. */
  origin?: string;
  [key: string]: unknown;
}

/** A posted item as reported in a 409. */
export interface UnavailableItem {
  external_id: number;
  start: string;
  finish: string;
  quantity: number;
  quantity_available: number;
  status: string;
  status_code: number;
  /** When a shared resource refused it (RESOURCES.md §2): which, in words and a code. */
  resource_shortage?: ResourceShortage;
}

/** Why a requirement's pool could not take an item: each member's units free, and for a shopper's pick, the others free. */
export interface ResourceShortage {
  /** `resource_sold_out`: no member has the units; `departure_led`: the departure already has a resource outside the pick. */
  code: 'resource_sold_out' | 'departure_led';
  /** The shopper-readable reason, e.g. "No guide free: Anna, Ben". */
  message: string;
  resources: Array<{ id: number; name: string; units_free: number }>;
  /** For a shopper's pick: the pool's other members that are free for the item. */
  free_instead: Array<{ id: number; name: string }>;
}

/** True when `value` has the shape of the error envelope. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.error === 'string' && typeof v.message === 'string';
}
