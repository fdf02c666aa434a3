/**
 * Who the client is, for the per-client limits (API.md §7): the socket's remote address, or,
 * behind a proxy or CDN, a header the operator names (`trustProxyHeader`, from
 * `TRUST_PROXY_HEADER`). The header is never trusted by default: anyone can send one.
 * @module
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, ClientEnv } from './env.ts';

/**
 * The address in `header`: its last entry, the one the operator's own proxy added (entries
 * before it come from the client and may be forged).
 */
export function addressInHeader(value: string | undefined): string | undefined {
  const last = value?.split(',').pop()?.trim();
  return last ? last.slice(0, 64) : undefined;
}

function socketAddress(env: ClientEnv | undefined, c: Parameters<MiddlewareHandler<AppEnv>>[0]): string | undefined {
  if (!env) return undefined;
  // In-process callers (tests) say who they are; @hono/node-server passes its request objects.
  if (typeof env.clientAddress === 'string') return env.clientAddress;
  if (!env.incoming) return undefined;
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** Sets `client` to the caller's address, if known. */
export function clientAddress(trustProxyHeader: string | undefined): MiddlewareHandler<AppEnv> {
  const header = trustProxyHeader?.trim().toLowerCase() || undefined;
  return async (c, next) => {
    const address =
      (header ? addressInHeader(c.req.header(header)) : undefined) ?? socketAddress(c.env as ClientEnv | undefined, c);
    c.set('client', address);
    await next();
  };
}
