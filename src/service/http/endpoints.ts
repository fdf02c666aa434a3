/**
 * Which methods each v1 path answers, read from the routes the feature sub-apps register (their
 * `app.get(...)`, `app.post(...)` calls): the one definition of an endpoint, so a wrong method
 * gets 405 with `Allow`, and an unknown path 404, without a second table to keep in step.
 * Both are answered before authentication (README, "Order of checks"): they reveal nothing.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';

/** A route as Hono lists it in `app.routes`. */
export interface RouteDefinition {
  method: string;
  path: string;
}

/** The methods a path answers (a trailing slash ignored), or undefined for no endpoint. */
export type AllowedMethods = (pathname: string) => readonly string[] | undefined;

/** `/v1/blackouts/:id` as a pattern matching one whole path, a `:param` being one segment. */
function patternOf(path: string): string {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^${segments.join('/')}$`;
}

/**
 * The lookup of `routes`: each path's methods in the order they were registered. Middleware
 * (`ALL`) is not an endpoint and is left out.
 */
export function allowedMethodsOf(routes: readonly RouteDefinition[]): AllowedMethods {
  const table: Array<{ source: string; pattern: RegExp; methods: string[] }> = [];
  for (const { method, path } of routes) {
    if (method === 'ALL') continue;
    const source = patternOf(path);
    let entry = table.find((e) => e.source === source);
    if (!entry) table.push((entry = { source, pattern: new RegExp(source), methods: [] }));
    if (!entry.methods.includes(method)) entry.methods.push(method);
  }
  return (pathname) => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return table.find((e) => e.pattern.test(path))?.methods;
  };
}

/** The 404 of a path no endpoint has. */
export function noEndpoint(pathname: string): HttpError {
  return new HttpError('not_found', `No endpoint at ${pathname}.`);
}

/** Answers an unknown path with 404 and a wrong method with 405 and `Allow`; HEAD counts as GET. */
export function checkEndpoint(allowed: AllowedMethods): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const pathname = new URL(c.req.url).pathname;
    const allow = allowed(pathname);
    if (!allow) throw noEndpoint(pathname);
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (!allow.includes(method)) {
      throw new HttpError('method_not_allowed', `${c.req.method} is not allowed here; use ${allow.join(' or ')}.`, {
        headers: { allow: [...allow, 'OPTIONS'].join(', ') },
      });
    }
    await next();
  };
}
