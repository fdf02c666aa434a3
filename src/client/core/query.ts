import type { QueryParams, QueryValue } from './types.ts';

/**
 * `?a=1&b=true` from `params`, or `""` when nothing is left. `undefined` and `null` are left
 * out (an absent filter), booleans are written `true`/`false` as the service reads them.
 */
export function queryString(params: QueryParams | object | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {}) as [string, QueryValue][]) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
