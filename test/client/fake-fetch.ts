/**
 * A hand-written `fetch` for transport tests: it answers from a script and records every
 * request exactly as the client sent it.
 */

/** A request as it left the client. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** One scripted answer: a response, or an error to throw as fetch does on a network failure. */
export type Answer = (request: SentRequest, signal: AbortSignal | undefined) => Response | Promise<Response>;

/** A JSON answer with `status` and extra headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** The API's error envelope with `status`. */
export function envelope(
  status: number,
  error: string,
  message: string,
  details?: unknown,
  headers: Record<string, string> = {},
): Answer {
  return json(status, details === undefined ? { error, message } : { error, message, details }, headers);
}

/** A body that is not JSON, as a proxy's error page is. */
export function html(status: number, headers: Record<string, string> = {}): Answer {
  return () =>
    new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
      status,
      headers: { 'Content-Type': 'text/html', ...headers },
    });
}

/** A fetch that fails before any response, as `fetch` does when the network is down. */
export function networkFailure(): Answer {
  return () => {
    throw new TypeError('fetch failed');
  };
}

/** A fetch that never answers on its own, but rejects when its signal aborts (as real fetch does). */
export function hang(): Answer {
  return (_request, signal) =>
    new Promise((_, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
}

/** A fetch answering `answers` in turn (the last one repeats) and recording what it was sent. */
export function scriptedFetch(...answers: Answer[]) {
  const sent: SentRequest[] = [];
  async function fetch(input: string, init: RequestInit): Promise<Response> {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const request: SentRequest = {
      method: init.method ?? 'GET',
      url: input,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer) throw new Error('scriptedFetch has no answer left');
    return answer(request, init.signal ?? undefined);
  }
  return { fetch, sent };
}
