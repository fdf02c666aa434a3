/**
 * The admin's own endpoints for people (src/service/admin/README.md, "Staff"): the staff list,
 * invitations, roles, one's own account, sessions, and an invitation's page. They are not part
 * of the v1 API (the typed client's), so they are called here, through a `fetch` a test may
 * replace (`connectAdmin`), with the session cookie the browser sends.
 * @module
 */

/** A member of staff as the service lists one. */
export interface StaffMember {
  id: number;
  name: string;
  email: string | null;
  role: 'owner' | 'staff';
  created_at: string;
  has_password: boolean;
  passkeys: number;
  /** Whether new and cancelled bookings are emailed to this account's address. */
  notify_bookings: boolean;
}

/** An invitation not yet accepted. */
export interface Invitation {
  id: number;
  email: string;
  role: 'owner' | 'staff';
  expires_at: string;
  /** Only in the answer that made it: the link to hand over. */
  url?: string;
}

/** A signed-in session, as listed. */
export interface SessionRecord {
  id: number;
  staff_id: number;
  staff_name: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

/** A refusal: the service's message and its fields' messages. */
export class AdminRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

let send: typeof fetch = (input, init) => fetch(input, init);
let base = '';

/** Points these calls at another service (tests: the in-process one, with its cookie). */
export function connectAdmin(fetcher: typeof fetch, baseUrl: string): void {
  send = fetcher;
  base = baseUrl;
}

/** Sends one request; resolves to its JSON (or undefined for 204), or throws `AdminRequestError`. */
export async function adminRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await send(`${base}${path}`, {
    method,
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const json = (await response.json().catch(() => undefined)) as
    | { message?: string; details?: { fields?: Record<string, string[]> } }
    | undefined;
  if (!response.ok)
    throw new AdminRequestError(
      response.status,
      json?.message ?? `The service answered ${response.status}.`,
      json?.details?.fields ?? {},
    );
  return json as T;
}

export const staffApi = {
  list: () => adminRequest<{ staff: StaffMember[]; invitations: Invitation[] }>('GET', '/admin/staff'),
  invite: (email: string, role: 'owner' | 'staff') =>
    adminRequest<Invitation>('POST', '/admin/staff/invitations', { email, role }),
  withdraw: (id: number) => adminRequest<void>('DELETE', `/admin/staff/invitations/${id}`),
  changeRole: (id: number, role: 'owner' | 'staff') =>
    adminRequest<StaffMember>('PATCH', `/admin/staff/${id}`, { role }),
  remove: (id: number) => adminRequest<void>('DELETE', `/admin/staff/${id}`),
  account: () => adminRequest<StaffMember>('GET', '/admin/account'),
  updateAccount: (fields: Record<string, string | boolean>) =>
    adminRequest<StaffMember>('PATCH', '/admin/account', fields),
  sessions: () => adminRequest<SessionRecord[]>('GET', '/admin/sessions'),
  endSession: (id: number) => adminRequest<void>('DELETE', `/admin/sessions/${id}`),
  invitation: (code: string) =>
    adminRequest<{ shop: { name: string }; email: string; role: string }>('GET', `/admin/invitations/${code}`),
  accept: (code: string, name: string, password: string) =>
    adminRequest<void>('POST', `/admin/invitations/${code}`, { name, password }),
  /** Asks for a link to choose a new password; resolves to the service's answer in words. */
  askReset: (email: string) => adminRequest<{ message: string }>('POST', '/admin/password-reset', { email }),
  /** Sets a new password with an emailed link's token, which signs the person in. */
  newPassword: (token: string, password: string) =>
    adminRequest<void>('POST', '/admin/new-password', { token, password }),
};
