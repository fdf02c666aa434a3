/**
 * The service's own origin, as browsers see it (issue 18): what the admin session's same-origin
 * checks compare `Origin` with, whether its cookie is `Secure`, and the admin's `base_url`.
 * Behind a TLS proxy the request reaches the service as http:, so the origin of its URL is not
 * the one the browser used: `PUBLIC_URL` names it. Without it, `X-Forwarded-Proto` sets the
 * scheme, but only when the operator trusts a proxy (`TRUST_PROXY_HEADER`): anyone can send it.
 * @module
 */
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/** The origin of a `PUBLIC_URL` (`https://bookings.example.com`); throws a readable error when it is not one. */
export function publicOriginOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be the service's public address, like https://bookings.example.com, not ${value}`);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username ||
    url.password ||
    (url.pathname !== '/' && url.pathname !== '')
  ) {
    throw new Error(
      `PUBLIC_URL must be an http(s) origin without a path, like https://bookings.example.com, not ${value}`,
    );
  }
  return url.origin;
}

/** The request's own origin: `PUBLIC_URL`'s, else the URL's (its scheme from a trusted proxy). */
export function ownOrigin(c: Context<AppEnv>): string {
  const { publicOrigin, trustForwardedProto } = c.get('deps');
  if (publicOrigin) return publicOrigin;
  const url = new URL(c.req.url);
  if (trustForwardedProto) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    if (proto === 'https' || proto === 'http') return `${proto}://${url.host}`;
  }
  return url.origin;
}

/** Whether the browser reached the service over https (the session cookie is `Secure` then). */
export function isSecure(c: Context<AppEnv>): boolean {
  return ownOrigin(c).startsWith('https:');
}
