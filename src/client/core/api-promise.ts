import type { ApiResult } from './types.ts';

/**
 * A promise of a resource method's result that can also give the HTTP response, for headers
 * such as `Date` (the server's clock), `X-Total-Count` or `Link`.
 */
export interface ApiPromise<T> extends Promise<T> {
  /** The same call's result together with its response; sends no second request. */
  withResponse(): Promise<ApiResult<T>>;
}

function ignore(): void {}

/** Wraps a core result so that awaiting gives the data and `withResponse()` gives both. */
export function apiPromise<T>(result: Promise<ApiResult<T>>): ApiPromise<T> {
  const data = result.then((r) => r.data);
  // A caller who only uses withResponse() never awaits `data`; without this, a failed call
  // would also be reported as an unhandled rejection of `data`. Awaiting `data` still throws.
  data.catch(ignore);
  return Object.assign(data, { withResponse: () => result });
}
