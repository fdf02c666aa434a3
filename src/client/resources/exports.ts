/**
 * Exports (an extension; secret token): the shop's bookings as a CSV file
 * (GET /v1/exports/bookings.csv, API.md §4.14), handed over as the `Response` with its body
 * unread, so a big file streams to wherever the caller sends it.
 * @module
 */
import type { BookingStatus } from '../../shared/index.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

/** What to export; every part optional. */
export interface BookingExportParams {
  /** The first shop day (`YYYY-MM-DD`): bookings finishing after its start. */
  start_min?: string | undefined;
  /** The last shop day (`YYYY-MM-DD`, included): bookings starting before its end. */
  finish_max?: string | undefined;
  external_product_id?: number | string | undefined;
  external_variant_id?: number | string | undefined;
  status?: BookingStatus | undefined;
}

/**
 * The bookings export: resolves to the answer (`text/csv`, a UTF-8 BOM first, its file name in
 * `Content-Disposition`) once its headers arrived; read or pipe its body. Failures (422, 403…)
 * reject with the client's errors as every call does.
 *
 * @example
 * ```ts
 * const response = await client.exports.bookingsCsv({ start_min: '2026-12-01', finish_max: '2026-12-31' });
 * await writeFile('december.csv', Readable.fromWeb(response.body!));
 * ```
 */
export async function exportBookingsCsv(
  requester: Requester,
  params: BookingExportParams = {},
  options: RequestOptions = {},
): Promise<Response> {
  const { response } = await requester.request<Response>({
    ...options,
    method: 'GET',
    path: '/v1/exports/bookings.csv',
    query: params,
    raw: true,
  });
  return response;
}

/** The export methods bound to one requester (`client.exports`). */
export interface ExportsResource {
  bookingsCsv(params?: BookingExportParams, options?: RequestOptions): Promise<Response>;
}

/** The export methods bound to `requester`. */
export function exportsResource(requester: Requester): ExportsResource {
  return { bookingsCsv: (params, options) => exportBookingsCsv(requester, params, options) };
}
