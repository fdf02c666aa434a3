import { BookingApiError } from '../errors/BookingApiError.ts';
import { errorInit, type ErrorFactory } from '../errors/error-init.ts';
import { NetworkError } from '../errors/NetworkError.ts';
import { TimeoutError } from '../errors/TimeoutError.ts';
import { queryString } from './query.ts';
import { isRetryableRequest, retryWait, sleep } from './retry-policy.ts';
import { resolveRetryOptions } from './retry-timing.ts';
import type { ApiRequest, ApiResult, ClientOptions, Requester } from './types.ts';

/** The deadline of each attempt when none is given, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 10_000;

type Send = NonNullable<ClientOptions['fetch']>;

/** What one attempt needs besides the request itself. */
interface Attempt {
  send: Send;
  toError: ErrorFactory;
  url: string;
  /** `url` with the token hidden, for error messages and logs. */
  shownUrl: string;
  init: RequestInit;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

function ignore(): void {}

/**
 * The request core with the error of each non-2xx answer built by `toError`: base URL, auth,
 * timeout and retries. `createRequester` passes the full class map; `createLightRequester`
 * (a storefront bundle) passes one that builds the base class only, so the subclasses and
 * their map are not bundled.
 */
export function createBaseRequester(options: ClientOptions, toError: ErrorFactory): Requester {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const retry = resolveRetryOptions(options.retry);
  const token = options.token || undefined;
  // A browser's `window.fetch` called without its `this` throws "Illegal invocation", so the
  // default goes through globalThis at call time (which also sees a fetch patched later).
  const send: Send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return {
    async request<T>(request: ApiRequest): Promise<ApiResult<T>> {
      const { method, signal } = request;
      // Only GETs move the token into the URL: they are the requests a browser could send
      // without a preflight. Anything with a JSON body is preflighted whatever we do.
      const tokenInUrl = token !== undefined && options.tokenInQuery === true && method === 'GET';
      const url = baseUrl + request.path + queryString(tokenInUrl ? { ...request.query, token } : request.query);
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (token !== undefined && !tokenInUrl) headers.Authorization = `Bearer ${token}`;
      if (request.idempotencyKey !== undefined) headers['Idempotency-Key'] = request.idempotencyKey;
      let body: string | undefined;
      if (request.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(request.body);
      }
      const attempt: Attempt = {
        send,
        toError,
        url,
        shownUrl: url.replace(/([?&]token=)[^&]*/, '$1[redacted]'),
        init: { method, headers, ...(body === undefined ? {} : { body }) },
        timeoutMs: request.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal,
      };
      const retryable = isRetryableRequest(request);
      for (let retries = 0; ; retries++) {
        signal?.throwIfAborted();
        try {
          return await sendOnce<T>(attempt);
        } catch (error) {
          const wait = retryable && retries < retry.limit ? retryWait(error, retries, retry) : undefined;
          if (wait === undefined) throw error;
          await sleep(wait, signal);
        }
      }
    },
  };
}

/** One attempt: fetch, read the whole body under the deadline, and turn failures into errors. */
async function sendOnce<T>(attempt: Attempt): Promise<ApiResult<T>> {
  const { signal, init, shownUrl, timeoutMs } = attempt;
  const method = init.method ?? 'GET';
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  // Racing the abort means a deadline or a caller's abort holds even with a custom fetch that
  // ignores its signal, and also while the body is still arriving.
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  aborted.catch(ignore);
  try {
    const response = await Promise.race([attempt.send(attempt.url, { ...init, signal: controller.signal }), aborted]);
    const text = await Promise.race([response.text(), aborted]);
    if (!response.ok) throw attempt.toError(errorInit(response, text, method, shownUrl));
    return { data: parseSuccessBody<T>(text, response, method, shownUrl), response };
  } catch (error) {
    if (timedOut) throw new TimeoutError(method, shownUrl, timeoutMs);
    if (signal?.aborted) throw signal.reason;
    if (error instanceof BookingApiError) throw error;
    throw new NetworkError(method, shownUrl, error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The JSON of a 2xx; an empty body (a 204) is `undefined`. */
function parseSuccessBody<T>(text: string, response: Response, method: string, url: string): T {
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    // A 200 that is not JSON is a captive portal or a misrouted proxy, not our API.
    throw new BookingApiError({
      status: response.status,
      code: 'invalid_response',
      message: `answered ${response.status} with a body that is not JSON (${response.headers.get('Content-Type') ?? 'no content type'})`,
      method,
      url,
      cause,
    });
  }
}
