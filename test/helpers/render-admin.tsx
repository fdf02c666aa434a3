/**
 * Rendering admin screens against the in-process service: the shop's owner (or a member of
 * staff) signs in with an email address and password as the page does, and the admin's client
 * and its staff calls are pointed at `service.fetch` (no socket) with that session's cookie and
 * the page's own Origin; every request is recorded, and a test may hold requests back (to
 * answer them late) or make the service fail.
 */
import { cleanup, render } from '@testing-library/preact';
import type { ComponentChild } from 'preact';
import { connect } from '../../src/admin/api.ts';
import { catalog } from '../../src/admin/models/catalog.ts';
import { session } from '../../src/admin/models/session.ts';
import { connectAdmin } from '../../src/admin/models/staff.ts';
import { createTestService, type TestService } from './service.ts';
import { openSession, SESSION_COOKIE } from '../../src/service/admin/sessions.ts';
import { addStaff, OWNER } from './staff.ts';

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

/** A member of staff of the test shop, as `startAdmin({ as: STAFF_MEMBER })` signs in. */
export const STAFF_MEMBER = {
  email: 'sam@harbour.test',
  password: 'sam-paddles-daily',
  name: 'Sam Staff',
  role: 'staff',
} as const;

/** Options of `startAdmin`. */
export interface StartAdminOptions {
  /** Who signs in. @default the shop's owner (`OWNER`, made first) */
  as?: typeof STAFF_MEMBER;
}

/** Starts a fresh service (seeded from the test fixture) and signs in to its first shop as its owner, or `as`. */
export async function startAdmin(options: StartAdminOptions = {}): Promise<AdminHarness> {
  const service = await createTestService();
  // The account signs in as POST /admin/session would sign it in (test/service/admin covers that
  // path): happy-dom's Response hides Set-Cookie, so the session is opened here directly.
  const who = options.as ?? { ...OWNER, role: 'owner' as const };
  const ownerId = await addStaff(service.db, { ...OWNER, role: 'owner' });
  const personId = options.as ? await addStaff(service.db, options.as) : ownerId;
  const person = {
    id: personId,
    cookie: `${SESSION_COOKIE}=${await openSession(service.db, personId, 'happy-dom', service.clock.sqlNow?.() ?? null)}`,
  };
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
  // The page's requests carry its session cookie and its own Origin, as a browser sends them.
  const pageFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request: SentRequest = {
      method: init.method ?? 'GET',
      url: new URL(input as string),
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
      const sent = new Request(request.url, { ...init, signal: null });
      // Set after construction: happy-dom's Request drops Cookie and Origin given to it.
      sent.headers.set('cookie', person.cookie);
      sent.headers.set('origin', service.baseUrl);
      return service.fetch(sent);
    })();
    inFlight.add(answer);
    void answer.finally(() => inFlight.delete(answer)).catch(() => {});
    return answer;
  };
  connect({
    baseUrl: service.baseUrl,
    // A failure is shown at once: the page's one retry would only make a test wait.
    retry: false,
    fetch: (input, init) => pageFetch(input, init),
  });
  connectAdmin((input, init) => pageFetch(input as string, init), service.baseUrl);
  catalog.reset();
  session.value = {
    shop: { name: 'Harbour Kayaks', tz: 'Australia/Melbourne', locale: 'en' },
    base_url: service.baseUrl,
    staff: { id: person.id, name: who.name, email: who.email, role: who.role },
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
