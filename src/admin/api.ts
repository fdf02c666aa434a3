/**
 * The admin's connection to the service: the typed client with no token (the session cookie,
 * sent by the browser to its own origin, stands for the signed-in person), and the sign-in calls.
 * What a failure means for the merchant is in `problems.ts`.
 * @module
 */
import { createClient, type BookingClient, type ClientOptions } from '../client/index.ts';

export { messageOf, problemOf, type Problem } from './problems.ts';

/** The client's options in the page: this origin, the cookie, one retry. */
const PAGE: ClientOptions = { baseUrl: location.origin, retry: 1 };

/**
 * The client of the whole v1 API, as the signed-in merchant. A live binding: `connect` replaces
 * it, and every screen reads it at each call.
 */
export let client: BookingClient = createClient(PAGE);

/**
 * Points the admin at another service, e.g. an in-process one with its own `fetch` and a
 * token in tests (the page itself never calls this: it keeps the cookie).
 */
export function connect(options: ClientOptions): void {
  client = createClient(options);
}

/** Who is signed in: the shop, and the member of staff (the owner may do everything; staff all but tokens, staff and Shopify). */
export interface SessionInfo {
  shop: { name: string; tz: string; locale: string };
  base_url: string;
  staff: { id: number; name: string; email: string | null; role: 'owner' | 'staff' };
}

/** The session, or null when signed out. */
export async function fetchSession(): Promise<SessionInfo | null> {
  const response = await fetch('/admin/session', { headers: { accept: 'application/json' } });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`GET /admin/session answered ${response.status}`);
  return (await response.json()) as SessionInfo;
}

/** Exchanges an email address and password for the session cookie; resolves to a message on failure. */
export async function postSignIn(email: string, password: string): Promise<string | null> {
  const response = await fetch('/admin/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.ok) return null;
  const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
  return body?.message ?? `Sign-in failed (${response.status}).`;
}

/** Ends the session. */
export async function postSignOut(): Promise<void> {
  await fetch('/admin/session', { method: 'DELETE' });
}
