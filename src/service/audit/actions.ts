/**
 * What a change is called in the audit log: the route's pattern (`POST /v1/bookings/{id}/cancel`)
 * named in words ("cancelled booking 42"). Routes named here read as people say them; any other
 * write is named from its pattern (the method's verb and the resource), so an endpoint added
 * later is recorded with no code of its own. `null` marks a POST that changes nothing (a dry run).
 * @module
 */

/** Words for a method and route pattern; `{id}` is the target's id. */
export const ACTION_WORDS: Record<string, string | null> = {
  'POST /v1/bookings': 'created booking {id}',
  'PATCH /v1/bookings/{id}': 'changed booking {id}',
  'POST /v1/bookings/{id}/cancel': 'cancelled booking {id}',
  'POST /v1/bookings/{id}/refunded': 'marked booking {id} refunded',
  'POST /v1/reservations': 'placed or changed hold {id}',
  'DELETE /v1/reservations/{id}': 'released hold {id}',
  'PUT /v1/reservations/{id}/answers': 'answered the questions of hold {id}',
  'PUT /v1/variants/{id}': 'changed variant {id}',
  'POST /v1/variants/{id}/misfits': null,
  'POST /v1/products/{id}/variants': 'added a variant to product {id}',
  'PUT /v1/products/{id}/questions': 'changed the questions of product {id}',
  'PUT /v1/shop': "changed the shop's settings",
  'POST /v1/tokens': 'created token {id}',
  'DELETE /v1/tokens/{id}': 'revoked token {id}',
  'POST /admin/session': 'signed in with their password',
  'DELETE /admin/session': 'signed out',
  'DELETE /admin/sessions/{id}': 'ended session {id}',
  'POST /admin/staff/invitations': 'invited {email}',
  'DELETE /admin/staff/invitations/{id}': 'withdrew invitation {id}',
  'PATCH /admin/staff/{id}': 'changed the role of staff member {id}',
  'DELETE /admin/staff/{id}': 'removed staff member {id}',
  'PATCH /admin/account': 'changed their own account',
  'POST /admin/invitations/{code}': 'accepted an invitation and signed in',
  'POST /admin/new-password': 'chose a new password from an emailed link and signed in',
  'POST /admin/passkeys/options': null,
  'POST /admin/session/passkey/options': null,
  'POST /admin/passkeys': 'added a passkey',
  'DELETE /admin/passkeys/{id}': 'removed passkey {id}',
  'POST /admin/session/passkey': 'signed in with a passkey',
};

const VERBS: Record<string, string> = { POST: 'created', PUT: 'changed', PATCH: 'changed', DELETE: 'deleted' };

/** A path's pattern: every all-digit segment is `{id}` (the last one is the target), `/admin/…/<code>` `{code}`. */
export function routePattern(method: string, path: string): { pattern: string; id: string | undefined } {
  let id: string | undefined;
  const segments = path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment, at, all) => {
      if (/^\d+$/.test(segment)) {
        id = segment;
        return '{id}';
      }
      if (all[1] === 'admin' && at === 3 && /^(invitations|sign-in)$/.test(all[2] ?? '')) return '{code}';
      return segment;
    });
  return { pattern: `${method} ${segments.join('/')}`, id };
}

/** A resource's name in the singular: `bookings` → booking, `blackouts` → blackout. */
function singular(word: string): string {
  return word.replace(/ies$/, 'y').replace(/s$/, '').replaceAll('-', ' ');
}

/** The words of a change, or null when the route changes nothing. */
export function actionWords(pattern: string, target: { id?: string; email?: string }): string | null {
  const known = ACTION_WORDS[pattern];
  const words = known === undefined ? generic(pattern) : known;
  if (words === null) return null;
  return words
    .replace('{id}', target.id ?? '')
    .replace('{email}', target.email ?? '')
    .replace(/\s+$/, '');
}

/** `POST /v1/customers` → "created customer {id}"; `POST /v1/x/{id}/archive` → "archive x {id}". */
function generic(pattern: string): string {
  const [method = 'POST', path = ''] = pattern.split(' ');
  const parts = path.split('/').filter((part) => part && part !== 'v1' && part !== 'admin');
  const last = parts[parts.length - 1] ?? '';
  if (last !== '{id}' && parts[parts.length - 2] === '{id}' && method === 'POST')
    return `${last.replaceAll('-', ' ')} ${singular(parts[parts.length - 3] ?? '')} {id}`;
  const noun = singular([...parts].reverse().find((part) => part !== '{id}') ?? 'record');
  return `${VERBS[method] ?? 'changed'} ${noun} {id}`;
}
