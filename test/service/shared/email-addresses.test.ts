// One recipient, always (issue 38 point 5): every body that takes an email address refuses
// whatever a mail library would read as several recipients, or as another address than the
// one shown (a list, a group, a comment, a display name), with a 422 naming the field, and
// changes nothing. One rule decides (src/service/shared/email-address.ts).
import addressparser from 'nodemailer/lib/addressparser';
import { describe, expect, it } from 'vitest';
import { emailAddressProblem } from '../../../src/service/shared/email-address.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { signedInAs } from '../../helpers/staff.ts';
import { api, TOKENS, withService } from '../api.ts';

/** Each is refused; the last column is why. */
const REFUSED: Array<[string, string]> = [
  ['a@x, evil@example.com', 'must be one email address, not a list'],
  ['a@x,evil@example.com', 'must be one email address, not a list'],
  ['a@x;evil@example.com', 'must be one email address, not a list'],
  ['a@x evil@example.com', 'must be one email address, not a list'],
  // A bare name after the comma is a second recipient a mail server may complete with its own domain.
  ['a@x.example,admin', 'must be one email address, not a list'],
  ['a@x;evil', 'must be one email address, not a list'],
  ['evil@example.com,', 'must be an email address'],
  ['<evil@example.com>', 'must be an email address'],
  ['Eve<evil@example.com>', 'must be an email address'],
  ['a(comment)@x.example', 'must be an email address'],
  ['group:evil@example.com', 'must be an email address'],
  ['"a b"@x.example', 'must be an email address'],
  ['nobody', 'must be an email address'],
  ['a@', 'must be an email address'],
];

const ACCEPTED = ['ada@example.com', 'a@x', 'first.last+tag@sub.example.co.uk', 'ä@例え.jp', "o'hara@example.ie"];

describe('The one rule for an email address', () => {
  it.each(REFUSED)('refuses %j: %s', (value, message) => {
    expect(emailAddressProblem(value)).toBe(message);
  });

  it('accepts one plain address, which a mail library reads as exactly that one recipient', () => {
    for (const value of ACCEPTED) {
      expect(emailAddressProblem(value)).toBeUndefined();
      expect(addressparser(value)).toEqual([{ address: value, name: '' }]);
    }
  });
});

/** Calls as the admin page does: its session cookie and its own Origin. */
function asPage(service: TestService, cookie: string) {
  return {
    post: (path: string, body: unknown) =>
      api(service).post(path, body, { token: null, headers: { cookie, origin: service.baseUrl } }),
    patch: (path: string, body: unknown) =>
      api(service).call('PATCH', path, { token: null, headers: { cookie, origin: service.baseUrl }, body }),
  };
}

/** What the bodies below could change: bookings, holds, the shop, staff and invitations. */
async function everything(service: TestService) {
  const read = async (sql: string) => (await service.db.query(sql)).rows;
  return {
    bookings: await read('SELECT id, customers, starts_at, finishes_at FROM bookings ORDER BY id'),
    customers: await read('SELECT id, email FROM customers ORDER BY id'),
    holds: await read('SELECT id FROM reservations ORDER BY id'),
    shop: await read('SELECT id, notify_email FROM shops ORDER BY id'),
    staff: await read('SELECT id, email FROM staff ORDER BY id'),
    invitations: await read('SELECT id, email FROM staff_invitations ORDER BY id'),
  };
}

describeEachDatabase('Bodies that take an email address', (database) => {
  it('refuse a list of addresses, or anything read as another recipient, in every body with a 422, changing nothing', async () => {
    await withService(database, async (service) => {
      const owner = await signedInAs(service);
      const page = asPage(service, owner.cookie);
      const made = await api(service).post('/v1/bookings', {
        starts_at: '2026-12-15 09:00',
        finishes_at: '2026-12-15 17:00',
        items: [{ external_id: '8002', quantity: 1 }],
        customers: [{ first_name: 'Ada', email: 'ada@example.com' }],
      });
      expect(made.status).toBe(201);
      const before = await everything(service);

      for (const [value, message] of REFUSED) {
        const customer = { first_name: 'Eve', last_name: 'Ex', email: value };
        const bodies: Array<[string, Promise<{ status: number; body: any }>, string]> = [
          [
            'POST /v1/bookings',
            api(service).post('/v1/bookings', {
              starts_at: '2026-12-16 09:00',
              finishes_at: '2026-12-16 17:00',
              items: [{ external_id: '8002', quantity: 1 }],
              customers: [customer],
            }),
            'customers[0].email',
          ],
          [
            'PATCH /v1/bookings/{id}',
            api(service).call('PATCH', `/v1/bookings/${made.body.id}`, { body: { customers: [customer] } }),
            'customers[0].email',
          ],
          [
            'POST /v1/reservations',
            api(service).post(
              '/v1/reservations',
              {
                cart_token: 'cart-eve',
                items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-11', quantity: 1 }],
                guests: [customer],
              },
              { token: TOKENS.publishable },
            ),
            'guests[0].email',
          ],
          ['PUT /v1/shop', api(service).put('/v1/shop', { notify_email: value }), 'notify_email'],
          [
            'POST /admin/staff/invitations',
            page.post('/admin/staff/invitations', { email: value, role: 'staff' }),
            'email',
          ],
          ['PATCH /admin/account', page.patch('/admin/account', { email: value }), 'email'],
        ];
        for (const [name, pending, field] of bodies) {
          const answer = await pending;
          expect({ name, value, status: answer.status }).toEqual({ name, value, status: 422 });
          expect(answer.body.error).toBe('validation_failed');
          expect({ name, value, fields: answer.body.details.fields }).toEqual({
            name,
            value,
            fields: { [field]: [message] },
          });
        }
      }
      expect(await everything(service)).toEqual(before);
    });
  });
});
