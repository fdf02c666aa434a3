/**
 * Rendering admin screens against the in-process service: the admin's client is pointed at
 * `service.fetch` (no socket) with the shop's secret token, every request is recorded, and a
 * test may hold requests back (to answer them late) or make the service fail.
 */
import { cleanup, render } from '@testing-library/preact';
import type { ComponentChild } from 'preact';
import { connect } from '../../src/admin/api.ts';
import { catalog } from '../../src/admin/models/catalog.ts';
import { session } from '../../src/admin/models/session.ts';
import { createTestService, type TestService } from './service.ts';

/** One request the admin sent. */
export interface SentRequest {
  method: string;
  url: URL;
  body: unknown;
  /** The signal the admin gave the request: aborted when a newer load replaced it. */
  signal: AbortSignal | null | undefined;
}

/** A request held back until the test releases it. */
interface Hold {
  matches: (request: SentRequest) => boolean;
  released: Promise<void>;
}

/** A service, the requests the admin sent to it, and switches to delay or fail them. */
export interface AdminHarness {
  service: TestService;
  sent: SentRequest[];
  /** While set, every request is answered by this instead of the service (e.g. a 500). */
  failWith: (() => Response) | undefined;
  /**
   * Holds back the next request `matches` accepts until the returned function is called; the
   * service answers it then (its answer arrives late, after any sent since).
   */
  hold(matches: (request: SentRequest) => boolean): () => void;
  /** Sends a request to the service as the shop's own server would (to set up data). */
  api(method: string, path: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

const SECRET = 'sk_test_harbour';

/** Starts a fresh service (seeded from the test fixture), signs the admin in to its first shop. */
export async function startAdmin(): Promise<AdminHarness> {
  const service = await createTestService();
  const holds: Hold[] = [];
  const inFlight = new Set<Promise<Response>>();
  const harness: AdminHarness = {
    service,
    sent: [],
    failWith: undefined,
    hold(matches) {
      let release!: () => void;
      holds.push({ matches, released: new Promise<void>((resolve) => (release = resolve)) });
      return () => release();
    },
    api: (method, path, body) =>
      service.fetch(
        new Request(`${service.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
          body: body === undefined ? null : JSON.stringify(body),
        }),
      ),
    async close() {
      cleanup();
      catalog.reset();
      await Promise.allSettled([...inFlight]);
      await service.close();
    },
  };
  connect({
    baseUrl: service.baseUrl,
    token: SECRET,
    // A failure is shown at once: the page's one retry would only make a test wait.
    retry: false,
    fetch: async (input, init) => {
      const request: SentRequest = {
        method: init.method ?? 'GET',
        url: new URL(input),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        signal: init.signal,
      };
      harness.sent.push(request);
      if (harness.failWith) return harness.failWith();
      const held = holds.findIndex((h) => h.matches(request));
      const gate = held === -1 ? undefined : holds.splice(held, 1)[0]!.released;
      // The service finishes a request even when the admin has given up on it, as a real one would.
      const answer = (async () => {
        await gate;
        return service.fetch(new Request(request.url, { ...init, signal: null }));
      })();
      inFlight.add(answer);
      void answer.finally(() => inFlight.delete(answer)).catch(() => {});
      return answer;
    },
  });
  catalog.reset();
  session.value = {
    shop: { name: 'Harbour Kayaks', tz: 'Australia/Melbourne', locale: 'en' },
    base_url: service.baseUrl,
  };
  return harness;
}

/** Renders an admin screen (inside `<main>`, as the page has it). */
export function renderScreen(screen: ComponentChild) {
  return render(<main>{screen}</main>);
}

/** The requests sent to one API path (`/v1/bookings`). */
export function requestsTo(harness: AdminHarness, path: string, method = 'GET'): SentRequest[] {
  return harness.sent.filter((r) => r.url.pathname === path && r.method === method);
}

/** A JSON error answer as the service gives it, e.g. a 500. */
export function errorAnswer(status: number, code = 'server_error', message = 'Something failed.'): Response {
  return new Response(JSON.stringify({ error: code, message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
