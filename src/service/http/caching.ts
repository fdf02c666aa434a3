/**
 * Reads a CDN or the browser can reuse (README, "API notes", Caching): a publishable token's
 * GET of widgets, blackouts or availability gets a strong `ETag` and a `Cache-Control` of its
 * own, and a matching `If-None-Match` gets 304 without a body. Anything else keeps the app's
 * `no-store` (a secret token's reads above all).
 * @module
 */
import { createHash } from 'node:crypto';
import { digestOf } from '../shared/digest.ts';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * The strong validator of an answer: a hash of its body's digest (`digestOf`) and of the
 * headers that are part of the list it stands for (`X-Total-Count`, `Link`), so equal tags
 * mean byte-identical answers.
 */
export function entityTag(bodyDigest: string, headers: Headers): string {
  const hash = createHash('sha256').update(bodyDigest);
  for (const name of ['x-total-count', 'link']) hash.update(`\n${name}:${headers.get(name) ?? ''}`);
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

/** Whether `If-None-Match` names `tag` (weak comparison, as RFC 9110 §13.1.2 asks), or is `*`. */
export function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/**
 * Makes a publishable token's successful GETs cacheable for `maxAge` seconds. `public` only
 * when the token travelled in the URL (`?token=`), which a shared cache keys on; with the token
 * in the `Authorization` header the URL does not say whose answer it is, so only the browser
 * may keep it (`private`).
 */
export function cacheable(maxAge: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (
      (c.req.method !== 'GET' && c.req.method !== 'HEAD') ||
      c.res.status !== 200 ||
      c.get('auth')?.kind !== 'publishable'
    )
      return;
    const digest = c.get('bodyDigest') ?? digestOf(new Uint8Array(await c.res.clone().arrayBuffer()));
    const tag = entityTag(digest, c.res.headers);
    const scope = c.req.header('authorization') === undefined ? 'public' : 'private';
    const cacheControl = `${scope}, max-age=${maxAge}, must-revalidate`;
    if (matches(c.req.header('if-none-match'), tag)) {
      const headers = new Headers({ etag: tag, 'cache-control': cacheControl });
      for (const name of ['x-total-count', 'link', 'vary']) {
        const value = c.res.headers.get(name);
        if (value !== null) headers.set(name, value);
      }
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    c.res.headers.set('etag', tag);
    c.res.headers.set('cache-control', cacheControl);
  };
}
