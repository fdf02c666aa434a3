/**
 * The blackout endpoints' requests as schemas (API.md §3, an extension): the bodies of POST and
 * PUT /v1/blackouts and the query of GET /v1/blackouts. The schemas check each field's shape;
 * the shop's zone places the times and the database checks the ids (`input.ts`, `writes.ts`),
 * adding their messages to the same 422.
 *
 * Decisions where the spec is silent:
 * - A field the record does not have is 422 ("is not a blackout field"), so a typo in a PUT is
 *   never a silent no-op. The record's read-only fields (`id`, `vendor`, `created_at`,
 *   `updated_at`) are ignored, so a record read with GET can be sent back as it is.
 * - A title and a shopper reason are trimmed; each must then be 1-255 characters without
 *   control or bidirectional formatting characters (an override character could disguise what
 *   the admin or a shopper reads). `null` or none is allowed. The title is the merchant's own;
 *   only `shopper_reason` reaches shoppers (issue 27), and a shop without one shows "Closed".
 * - Times lie between 1970 and 9999.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { PAGE_QUERY, query, queryId, queryInstant, queryString } from '../shared/query-schemas.ts';
import { fieldsOnly } from '../shared/schemas.ts';
import { boundaryIn } from './times.ts';

const TITLE_MAX = 255;
const TITLE_MESSAGE = `must be 1 to ${TITLE_MAX} characters without control characters, or null`;
// C0 and C1 controls, and the bidirectional embedding, override and isolate characters.
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A trimmed text of 1 to 255 showable characters, or null for none. */
const shownText = (description: string) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      z
        .string({ error: () => TITLE_MESSAGE })
        .refine(
          (text) => text !== '' && [...text].length <= TITLE_MAX && !UNSHOWABLE.test(text) && text.isWellFormed(),
          TITLE_MESSAGE,
        ),
    )
    .nullable()
    .optional()
    .openapi({ type: 'string', maxLength: TITLE_MAX, description });

const TITLE = shownText("The merchant's own name for it, never shown to shoppers; trimmed. Null for none.");
const SHOPPER_REASON = shownText(
  'What shoppers are told on the days it closes ("Closed for the holidays"); trimmed. Null: they read "Closed".',
);

/** A boundary's shape (its place in the shop's zone is `input.ts`'s: UTC skips no time). */
function boundary(required: boolean) {
  const time = z
    .unknown()
    .superRefine((value, ctx) => {
      if (value === undefined) {
        if (required) ctx.addIssue({ code: 'custom', message: 'is required' });
        return;
      }
      const checked = boundaryIn(value, 'UTC');
      if ('error' in checked) ctx.addIssue({ code: 'custom', message: checked.error });
    })
    .openapi({
      type: 'string',
      example: '2026-12-24',
      description:
        'A UTC timestamp, a shop-local "YYYY-MM-DD HH:MM", or a day "YYYY-MM-DD" (its start in the shop\'s zone).',
    });
  return required ? time : time.optional();
}

const ALL_DAY = z
  .unknown()
  .transform((value, ctx) => {
    if (value === 0 || value === 1) return value;
    if (typeof value === 'boolean') return value ? 1 : 0;
    ctx.issues.push({ code: 'custom', message: 'must be 0 or 1', input: value });
    return z.NEVER;
  })
  .optional()
  .openapi({ type: 'integer', enum: [0, 1], description: 'Also true/false. @default 1 when both times are days' });

const TARGET_MESSAGE = 'must be a positive whole number or null';
/** A positive whole number (a JSON number or its digits as a string), or null for none. */
const TARGET = z
  .unknown()
  .transform((value, ctx) => {
    if (value === null) return null;
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^[0-9]{1,16}$/.test(value)
          ? Number(value)
          : NaN;
    if (Number.isSafeInteger(n) && n >= 1) return n;
    ctx.issues.push({ code: 'custom', message: TARGET_MESSAGE, input: value });
    return z.NEVER;
  })
  .optional()
  .openapi({ type: 'integer', minimum: 1, description: 'An id of the shop, or null for none.' });

const IGNORED = z.unknown().optional().openapi({ description: 'Read-only: ignored.' });

/** The body of POST (`required`: both times) or PUT (any field, the rest kept) /v1/blackouts. */
function blackoutBody(required: boolean) {
  return fieldsOnly(
    {
      title: TITLE,
      shopper_reason: SHOPPER_REASON,
      starts_at: boundary(required),
      finishes_at: boundary(required),
      all_day: ALL_DAY,
      scope: z
        .enum(['overlap', 'start'], { error: () => 'must be "overlap" or "start"' })
        .optional()
        .openapi({ description: 'What a blackout blocks: items overlapping it, or starting in it. @default overlap' }),
      product_id: TARGET,
      external_product_id: TARGET,
      variant_id: TARGET,
      external_variant_id: TARGET,
      location_id: TARGET,
      resource_id: TARGET.openapi({
        description: 'A resource of the shop (issue 39): the blackout closes what needs it, and names nothing else.',
      }),
      id: IGNORED,
      vendor: IGNORED,
      created_at: IGNORED,
      updated_at: IGNORED,
    },
    'blackout',
    'must be a JSON object',
  );
}

/** The body of POST /v1/blackouts. */
export const BlackoutBody = blackoutBody(true).openapi('BlackoutRequest');

/** The body of PUT /v1/blackouts/{id}: only the fields given change. */
export const BlackoutChange = blackoutBody(false).openapi('BlackoutChange');

/** Either body, as checked. */
export type BlackoutFields = z.output<typeof BlackoutChange>;

/** The query of GET /v1/blackouts: a day means the start of that day in the shop's zone. */
export const BlackoutListQuery = query({
  ...PAGE_QUERY,
  start_min: queryInstant().openapi({ description: 'Only blackouts starting at or after this.' }),
  finish_max: queryInstant().openapi({ description: 'Only blackouts finishing at or before this.' }),
  product_id: queryId(),
  external_product_id: queryId(),
  variant_id: queryId(),
  external_variant_id: queryId(),
  location_id: queryId(),
  vendor: queryString(255).optional(),
  resource_id: queryId().openapi({ description: "A resource's own blackouts (secret tokens: shoppers see none)." }),
});
