/**
 * The types of the request core: options of a client, of one call, and of one request.
 * @module
 */

/** The methods the v1 API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A query parameter's value; `undefined` and `null` are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;

/** Query parameters by name. */
export type QueryParams = { [name: string]: QueryValue };

/** How failed requests are retried. Only requests safe to send twice are ever retried. */
export interface RetryOptions {
  /** Retries after the first attempt; 0 turns retrying off. @default 2 */
  limit: number;
  /** The first backoff; each further retry doubles it. @default 500 */
  delayMs: number;
  /** The longest one backoff may wait. @default 8000 */
  maxDelayMs: number;
  /**
   * The longest `Retry-After` honoured. A longer one is not waited for: the call fails at once
   * with the `RateLimitError` or `ServerError`, whose `retryAfterMs` says how long to wait.
   * @default 60000
   */
  maxRetryAfterMs: number;
  /** Wait a random 50-100 % of each backoff, so many clients do not retry in step. @default true */
  jitter: boolean;
}

/** What `ClientOptions.onRetry` is told before each wait between attempts. */
export interface RetryInfo {
  /** The retry about to be made: 1 for the first retry (the second attempt), 2 for the next. */
  attempt: number;
  /** How long the client now waits before it: the `Retry-After` asked for, or the backoff. */
  waitMs: number;
  /** The HTTP status of the failed attempt (429, 503, …); absent when no response arrived. */
  status?: number | undefined;
}

/** Options of a client (or of a bare requester, for callers that import resources alone). */
export interface ClientOptions {
  /** Where the API lives, without `/v1`, e.g. `"https://bookings.example"`; `""` for the page's own origin. */
  baseUrl: string;
  /**
   * A secret (`sk_…`) or publishable (`pk_…`) token, sent as `Authorization: Bearer`. None
   * (undefined, null or empty) sends no credentials, e.g. behind a proxy that adds them.
   */
  token?: string | null | undefined;
  /**
   * Send the token as the `token` query parameter on GET requests instead of the header
   * (publishable tokens only, API.md §6). GETs then carry no header that needs a CORS
   * preflight, so a browser sends them at once. Other methods still use the header.
   * @default false
   */
  tokenInQuery?: boolean | undefined;
  /**
   * The `fetch` to use, e.g. to log, or to call an in-process service in tests.
   * @default globalThis.fetch
   */
  fetch?: ((input: string, init: RequestInit) => Promise<Response>) | undefined;
  /** Deadline of each attempt, body included; `TimeoutError` when it passes. @default 10000 */
  timeoutMs?: number | undefined;
  /** Retry behaviour: a `RetryOptions` subset, a retry limit, or `false` for none. @default { limit: 2 } */
  retry?: Partial<RetryOptions> | number | false | undefined;
  /**
   * Called before each wait between attempts (a 429 or 503 with its `Retry-After`, a 5xx or a
   * network failure with its backoff), e.g. to show "busy, retrying" while a call waits. Not
   * called when the call fails for good. An exception it throws fails the call.
   *
   * @example
   * ```ts
   * createClient({ baseUrl, token, onRetry: ({ attempt, waitMs, status }) => console.warn(`retry ${attempt} in ${waitMs} ms after ${status ?? 'no response'}`) });
   * ```
   */
  onRetry?: ((info: RetryInfo) => void) | undefined;
}

/** Options every resource method takes as its last argument. */
export interface RequestOptions {
  /** Aborts the call, including a wait between retries; the call rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Overrides the client's deadline for this call. */
  timeoutMs?: number | undefined;
}

/** One request, as resources describe it to the core. */
export interface ApiRequest extends RequestOptions {
  method: HttpMethod;
  /** The path below the base URL, starting with `/v1/`; ids already escaped. */
  path: string;
  /**
   * Query parameters: a `QueryParams`, or any params interface whose values are QueryValues
   * (interfaces such as `BlackoutListParams` have no index signature, hence `object`).
   */
  query?: QueryParams | object | undefined;
  /** Sent as JSON when present. */
  body?: unknown;
  /**
   * The service treats a repeat of this request as one (a POST keyed by its cart token), so it
   * may be retried like a GET. GET and DELETE are always treated so.
   * @default false
   */
  idempotent?: boolean | undefined;
  /** Sent as the `Idempotency-Key` header; a request that has one may be retried. */
  idempotencyKey?: string | undefined;
  /**
   * Resolve a success with its body unread (`data` is the `Response`), for an answer that is
   * not JSON, such as a CSV export: the deadline then covers the headers only. Failures are
   * read and thrown as usual.
   * @default false
   */
  raw?: boolean | undefined;
}

/** A parsed body with the response it came from (for headers such as `Date` or `Link`). */
export interface ApiResult<T> {
  data: T;
  /** The final response (after retries); its body has already been read. */
  response: Response;
}

/** Sends requests to the API: base URL, auth, timeout, retries and errors in one place. */
export interface Requester {
  /** Sends `request` and resolves to the parsed body with its response; rejects with a `BookingApiError`. */
  request<T>(request: ApiRequest): Promise<ApiResult<T>>;
}
