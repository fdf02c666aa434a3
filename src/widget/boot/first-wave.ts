/**
 * The first wave of requests: everything the calendar's first month needs, sent by the entry
 * file at once, in parallel with the download of the app, so that the calendar is interactive
 * one round trip after the script runs. The app's booking model asks for the same requests
 * and takes these answers (`Connection.prefetch`).
 * @module
 */
import { type PlainDate, addDays, addMonths, startOfMonth } from '../../shared/plain-date.ts';
import type { BlackoutListParams } from '../../shared/params.ts';
import type { Connection } from '../api/connection.ts';
import type { MonthRequests, WidgetConfig } from './host.ts';

/**
 * The months the shop's today can be in, and the month after each: today by our clock in UTC
 * is the shop's today or a day either side (every zone is within a day of UTC).
 */
export function firstWaveMonths(guess: PlainDate): PlainDate[] {
  return [-1, 1].flatMap((n) => {
    const m = startOfMonth(addDays(guess, n));
    return [m, addMonths(m, 1)];
  });
}

/**
 * The requests for the months `first` to `last` of `variant` ("" = the product): blackouts,
 * and availability for a variant. The API's filters are "starts at or after" and "finishes at
 * or before", so a window padded by a month each side finds every blackout of up to a month
 * that touches these months; longer ones still show, through availability's per-day status.
 */
export function monthRequests(
  product: string,
  variant: string,
  first: PlainDate,
  last: PlainDate,
  cart: string | undefined,
): MonthRequests {
  const target = variant ? { external_variant_id: variant } : { external_product_id: product };
  const blackouts: BlackoutListParams = { ...target, start_min: addMonths(first, -1), finish_max: addMonths(last, 2) };
  const availability: MonthRequests['availability'] = {
    external_variant_id: variant,
    start: first,
    finish: addMonths(last, 1),
    cart_token: cart,
  };
  return { blackouts, availability };
}

/** Sends the first wave through `connection`, kept for the models to take. */
export function sendFirstWave(
  connection: Connection,
  config: WidgetConfig,
  cartToken: string | Promise<string>,
  guess: PlainDate,
): void {
  const variant = config.variant ?? '';
  const months = [...new Set(firstWaveMonths(guess))].sort();
  const cart = typeof cartToken === 'string' ? cartToken : undefined;
  const { blackouts, availability } = monthRequests(config.product, variant, months[0]!, months.at(-1)!, cart);
  connection.prefetch(() => {
    void connection.widget(config.product);
    void connection.blackouts(blackouts);
    if (variant) void connection.availability(availability);
  });
  void Promise.resolve(cartToken)
    .then((token) => connection.prefetch(() => void connection.reservations(token)))
    .catch(() => {});
}
