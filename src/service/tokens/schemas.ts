/**
 * The body of POST /v1/tokens (an extension) as a schema: `kind`, an optional `label`, and for
 * a publishable token the browser `origins` it may be used from (whole origins, lower-cased as
 * browsers send them; a secret token takes none). Every bad field is named in one 422.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { text } from '../shared/schemas.ts';
import type { TokenKind } from './types.ts';

/** The most origins one publishable token may list. */
export const MAX_ORIGINS = 20;

/** A checked POST /v1/tokens body. */
export interface TokenInput {
  kind: TokenKind;
  label: string | null;
  origins: string[];
}

const KIND_MESSAGE = 'must be "secret" or "publishable"';

/** An origin as a browser sends it, or undefined when `value` is not one. */
export function normalOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return undefined;
  // Only an origin: a path, query or fragment means the caller pasted a page's address.
  if (value.replace(/\/$/, '').toLowerCase() !== url.origin.toLowerCase()) return undefined;
  return url.origin;
}

const ORIGINS = z
  .array(z.unknown(), `must be a list of at most ${MAX_ORIGINS} origins`)
  .max(MAX_ORIGINS, `must be a list of at most ${MAX_ORIGINS} origins`)
  .transform((values, ctx) => {
    const origins: string[] = [];
    values.forEach((value, i) => {
      const origin = typeof value === 'string' ? normalOrigin(value) : undefined;
      if (origin === undefined)
        ctx.issues.push({
          code: 'custom',
          path: [i],
          message: 'must be an origin like https://www.example.com (scheme, host and port only)',
          input: value,
        });
      else if (!origins.includes(origin)) origins.push(origin);
    });
    return origins;
  });

/** The body of POST /v1/tokens. */
export const TokenBody = z
  .strictObject(
    {
      kind: z.enum(['secret', 'publishable'], KIND_MESSAGE),
      label: z.preprocess((value) => (value === null ? undefined : value), text(100).optional()),
      // A secret token's origins are refused whatever they are (below), as they always were.
      origins: z
        .unknown()
        .optional()
        .openapi({
          type: 'array',
          items: { type: 'string', example: 'https://www.example.com' },
          maxItems: MAX_ORIGINS,
        }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'is not a token field' : 'must be a JSON object') },
  )
  .superRefine(
    (body, ctx) => {
      // Not an object: the kind is missing too, as the contract has always named it.
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        ctx.addIssue({ code: 'custom', path: ['kind'], message: KIND_MESSAGE });
        return;
      }
      if (body.origins === undefined) return;
      if (body.kind === 'secret')
        ctx.addIssue({
          code: 'custom',
          path: ['origins'],
          message: 'is only for publishable tokens: a secret token is never used from a page',
        });
      else {
        const origins = ORIGINS.safeParse(body.origins);
        for (const issue of origins.error?.issues ?? [])
          ctx.addIssue({ code: 'custom', path: ['origins', ...issue.path], message: issue.message });
      }
    },
    { when: () => true },
  )
  .transform((body): TokenInput => {
    // Checked above: a publishable token's origins are a good list here.
    const origins = body.origins === undefined ? [] : ORIGINS.parse(body.origins);
    return { kind: body.kind, label: body.label ?? null, origins };
  })
  .openapi('TokenCreate');
