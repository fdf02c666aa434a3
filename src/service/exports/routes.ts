/**
 * GET /v1/exports/bookings.csv (an extension; secret token or the admin's session): the shop's
 * bookings of a period, a product, a variant or a status as a CSV file to open in a spreadsheet
 * (API.md §4.14), streamed as it is read.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, secretOnly } from '../http/openapi-parts.ts';
import { featureApp } from '../http/schema-validation.ts';
import { exportBookings } from './bookings-csv.ts';
import { BookingExportQuery } from './schemas.ts';

const app = featureApp();

const bookingsCsv = createRoute({
  method: 'get',
  path: '/v1/exports/bookings.csv',
  operationId: 'exports.bookingsCsv',
  tags: ['Exports'],
  summary:
    "The shop's bookings as a CSV file, in the shop's zone, one column per question (an extension; secret token)",
  middleware: [secretOnly('export bookings')] as const,
  request: { query: BookingExportQuery },
  responses: {
    200: {
      description:
        'UTF-8 with a byte order mark, RFC 4180 quoting, CRLF; cells a spreadsheet would run as a formula start with an apostrophe',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...errorResponses,
  },
});

/** GET /v1/exports/bookings.csv. */
export const exportRoutes = app.openapi(bookingsCsv, async (c) => {
  const { auth, deps } = c.var;
  const query = c.req.valid('query');
  const file = await exportBookings(deps.db, auth, {
    from: query.start_min,
    to: query.finish_max,
    externalProductId: query.external_product_id,
    externalVariantId: query.external_variant_id,
    status: query.status,
  });
  return new Response(file.body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
    },
  });
});
