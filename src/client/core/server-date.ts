/**
 * The server's clock reading from a response's `Date` header, in epoch milliseconds, or
 * undefined when the header is missing or unreadable (a browser can read it cross-origin only
 * when the service lists it in `Access-Control-Expose-Headers`).
 *
 * @example
 * ```ts
 * const { data: reservation, response } = await client.reservations.create(params).withResponse();
 * const serverNow = serverDate(response);
 * // The offset corrects a countdown to reservation.expires_at on a device whose clock is off.
 * const clockOffsetMs = serverNow === undefined ? 0 : serverNow - Date.now();
 * ```
 */
export function serverDate(response: Response): number | undefined {
  const header = response.headers.get('Date');
  const ms = header === null ? Number.NaN : Date.parse(header);
  return Number.isNaN(ms) ? undefined : ms;
}
