/**
 * The request core: base URL, auth, deadline, retries, and the error of each failure built by
 * `toError`. `createRequester` passes the full class map (`UnavailableError` for a 409,
 * `TimeoutError`, …); `createLightRequester` (a storefront bundle) passes one that builds the
 * base class only, so the subclasses are not bundled. Written as one function, with the retry
 * rules inline: it is in the widget's byte budget.
 * @module
 */
import { errorInit, type ErrorFactory } from '../errors/error-init.ts';
import { queryString } from './query.ts';
import { sleep } from './retry-policy.ts';
import { backoffDelay, resolveRetryOptions } from './retry-timing.ts';
import type { ApiRequest, ApiResult, ClientOptions, Requester } from './types.ts';

/** The deadline of each attempt when none is given, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** A requester whose failures `toError` builds (see `createRequester`, `createLightRequester`). */
export function createBaseRequester(options: ClientOptions, toError: ErrorFactory): Requester {
  const base = options.baseUrl.replace(/\/+$/, '');
  const token = options.token || undefined;
  const retry = resolveRetryOptions(options.retry);

  return {
    async request<T>(request: ApiRequest): Promise<ApiResult<T>> {
      const { method, signal, body, idempotencyKey } = request;
      // Only GETs move the token into the URL (no CORS preflight); bodies are preflighted anyway.
      const inUrl = token && options.tokenInQuery && method === 'GET';
      const url = base + request.path + queryString(inUrl ? { ...request.query, token } : request.query);
      const shown = url.replace(/([?&]token=)[^&]*/, '$1[redacted]');
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (token && !inUrl) headers.Authorization = `Bearer ${token}`;
      if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const ms = request.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      // Sending twice is harmless for GET and DELETE, and for a POST the service dedupes (by
      // its cart token, `idempotent`, or by its `Idempotency-Key`); nothing else is retried.
      const retryable = method === 'GET' || method === 'DELETE' || request.idempotent || idempotencyKey !== undefined;
      /** A failure without an API envelope: no answer, the deadline, or a 2xx that is not JSON. */
      const failure = (code: string, message: string, status = 0, cause?: unknown) =>
        toError({ status, code, message, method, url: shown, cause, timeoutMs: ms });

      for (let retries = 0; ; retries++) {
        signal?.throwIfAborted();
        const controller = new AbortController();
        let timedOut = false;
        const onAbort = () => controller.abort(signal?.reason);
        signal?.addEventListener('abort', onAbort);
        const timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, ms);
        // Raced, so the deadline and an abort hold even with a fetch that ignores its signal,
        // and while the body is still arriving. What it rejects with is never seen: the catch
        // below tells a deadline from an abort by `timedOut` and `signal`.
        const aborted = new Promise<never>((_, reject) => (controller.signal.onabort = reject));
        aborted.catch(() => {});
        let response: Response | undefined;
        let text = '';
        let error: (ReturnType<ErrorFactory> & { retryAfterMs?: number | undefined }) | undefined;
        try {
          response = await Promise.race([
            (options.fetch ?? globalThis.fetch)(url, {
              method,
              headers,
              body: body === undefined ? body : JSON.stringify(body),
              signal: controller.signal,
            }),
            aborted,
          ]);
          if (request.raw && response.ok) return { data: response as T, response };
          text = await Promise.race([response.text(), aborted]);
        } catch (e) {
          if (timedOut) throw failure('timeout', `timed out after ${ms} ms`);
          if (signal?.aborted) throw signal.reason;
          error = failure(
            'network_error',
            `failed before a response arrived: ${e instanceof Error ? e.message : String(e)}`,
            0,
            e,
          );
        } finally {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        }
        if (!error) {
          const res = response!;
          if (res.ok) {
            try {
              return { data: (text === '' ? undefined : JSON.parse(text)) as T, response: res };
            } catch (cause) {
              // A 200 that is not JSON is a captive portal or a misrouted proxy, not our API.
              throw failure(
                'invalid_response',
                `answered ${res.status} with a body that is not JSON (${res.headers.get('Content-Type') ?? 'no content type'})`,
                res.status,
                cause,
              );
            }
          }
          error = toError(errorInit(res, text, method, shown));
        }
        // Only no-response failures, 429 and 5xx are worth retrying (a `Retry-After` honoured
        // exactly, unless it exceeds `maxRetryAfterMs`); a timeout is not, the caller's
        // deadline has passed and a retry would double it. By status, not by class: a light
        // requester's errors are all the base class.
        const { status, retryAfterMs: asked } = error;
        const wait =
          retryable && retries < retry.limit && (!status || status === 429 || status >= 500)
            ? asked === undefined
              ? backoffDelay(retries, retry)
              : asked <= retry.maxRetryAfterMs
                ? asked
                : undefined
            : undefined;
        if (wait === undefined) throw error;
        options.onRetry?.({ attempt: retries + 1, waitMs: wait, status: status || undefined });
        await sleep(wait, signal);
      }
    },
  };
}
