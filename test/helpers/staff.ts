/**
 * Staff accounts for tests: an account made straight in the database (its password hashed as
 * the service hashes them), and a session opened through POST /admin/session as the page does.
 */
import type { Database } from '../../src/service/db/types.ts';
import { hashPassword } from '../../src/service/staff/passwords.ts';
import { insertStaff } from '../../src/service/staff/queries.ts';
import type { StaffRole } from '../../src/service/staff/types.ts';

/** The test shop's owner, as every admin test signs in. */
export const OWNER = { email: 'owner@harbour.test', password: 'paddle-owner-2026', name: 'Olivia Owner' } as const;

/** Makes an account in shop `shopId` (1: Harbour Kayaks); resolves to its id. */
export async function addStaff(
  db: Database,
  fields: { email: string; password: string; name: string; role?: StaffRole; shopId?: number },
): Promise<number> {
  return insertStaff(db, fields.shopId ?? 1, {
    email: fields.email,
    name: fields.name,
    role: fields.role ?? 'staff',
    passwordHash: await hashPassword(fields.password),
  });
}

/** Something that answers requests as the service does. */
interface Fetcher {
  fetch(request: Request, env?: { clientAddress?: string }): Promise<Response>;
  baseUrl: string;
}

/** Posts a sign-in from the page itself (or `origin`); resolves to the answer. */
export function postSignIn(
  service: Fetcher,
  body: unknown,
  options: { origin?: string | null; address?: string; userAgent?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const origin = options.origin === undefined ? service.baseUrl : options.origin;
  if (origin !== null) headers.origin = origin;
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  const request = new Request(`${service.baseUrl}/admin/session`, { method: 'POST', body: JSON.stringify(body) });
  // Set after construction: happy-dom's Request (component tests) drops Origin and Cookie given to it.
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return service.fetch(request, { clientAddress: options.address ?? '203.0.113.9' });
}

/** The `name=value` of an answer's session cookie. */
export function cookieOf(response: Response): string {
  const header = response.headers.get('set-cookie');
  if (!header) throw new Error(`No cookie in an answer ${response.status}`);
  return header.split(';')[0]!;
}

/** Makes the account (owner by default) and signs it in; resolves to its cookie and id. */
export async function signedInAs(
  service: Fetcher & { db: Database },
  fields: { email: string; password: string; name: string; role?: StaffRole; shopId?: number } = {
    ...OWNER,
    role: 'owner',
  },
): Promise<{ cookie: string; id: number }> {
  const id = await addStaff(service.db, fields);
  const answer = await postSignIn(service, { email: fields.email, password: fields.password });
  if (answer.status !== 204) throw new Error(`Sign-in answered ${answer.status}: ${await answer.text()}`);
  return { cookie: cookieOf(answer), id };
}
