// Per-staff choice of the shop's notices (issue 31 point 3): new and cancelled bookings go to the
// shop's notify address and to every member of staff who opted in on their own account, each
// address once (case-insensitively); another shop's staff hear nothing.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { addStaff, OWNER, signedInAs } from '../../helpers/staff.ts';
import { book, call } from '../reservations/api.ts';

describeEachDatabase("The shop's notices to staff who chose them", (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
  });
  afterEach(async () => {
    await service?.close();
  });

  const patchAccount = (cookie: string, body: unknown) => {
    const request = new Request(`${service.baseUrl}/admin/account`, { method: 'PATCH', body: JSON.stringify(body) });
    request.headers.set('content-type', 'application/json');
    request.headers.set('cookie', cookie);
    request.headers.set('origin', service.baseUrl);
    return service.fetch(request);
  };
  const bookOne = async () => {
    const r = await book(service, {
      starts_at: '2026-12-15 09:00',
      finishes_at: '2026-12-15 17:00',
      items: [{ external_id: '8002', quantity: 1 }],
      customers: [{ first_name: 'Ada', email: 'ada@example.com' }],
    });
    expect(r.status).toBe(201);
    return Number(r.body.id);
  };
  const recipients = async (kind: string) =>
    (
      await service.db.query<{ recipient: string }>(
        'SELECT recipient FROM outbox_messages WHERE kind = $1 ORDER BY recipient',
        [kind],
      )
    ).rows.map((r) => r.recipient);

  it('sends new and cancelled bookings to the notify address and each opted-in member of staff, once per address', async () => {
    await service.db.query(`UPDATE shops SET notify_email = 'desk@harbour.example' WHERE id = 1`);
    const owner = await signedInAs(service);
    const opted = await patchAccount(owner.cookie, { notify_bookings: true });
    expect(opted.status).toBe(200);
    expect((await opted.json()).notify_bookings).toBe(true);
    // One who opted in with the notify address itself (another case) is written to once.
    const deskId = await addStaff(service.db, {
      email: 'Desk@Harbour.example',
      password: 'long-password-1',
      name: 'Desk',
    });
    await service.db.query('UPDATE staff SET notify_bookings = true WHERE id = $1', [deskId]);
    await addStaff(service.db, { email: 'quiet@harbour.example', password: 'long-password-2', name: 'Quiet' });
    await addStaff(service.db, {
      email: 'alpine@alpine.example',
      password: 'long-password-3',
      name: 'Other shop',
      shopId: 2,
    });
    await service.db.query(`UPDATE staff SET notify_bookings = true WHERE email = 'alpine@alpine.example'`);

    const id = await bookOne();
    expect(await recipients('merchant_new')).toEqual(['desk@harbour.example', OWNER.email]);
    expect(await recipients('customer_confirmation')).toEqual(['ada@example.com']);
    expect((await call(service, 'POST', `/v1/bookings/${id}/cancel`)).status).toBeLessThan(300);
    expect(await recipients('merchant_cancellation')).toEqual(['desk@harbour.example', OWNER.email]);
  });

  it('sends to opted-in staff when the shop has no notify address, and to nobody once they opt out', async () => {
    const owner = await signedInAs(service);
    await patchAccount(owner.cookie, { notify_bookings: true });
    await bookOne();
    expect(await recipients('merchant_new')).toEqual([OWNER.email]);
    const out = await patchAccount(owner.cookie, { notify_bookings: false });
    expect((await out.json()).notify_bookings).toBe(false);
    await bookOne();
    expect(await recipients('merchant_new')).toEqual([OWNER.email]);
  });

  it('refuses a choice that is not true or false, naming the field', async () => {
    const owner = await signedInAs(service);
    const r = await patchAccount(owner.cookie, { notify_bookings: 'yes' });
    expect(r.status).toBe(422);
    expect(JSON.stringify(await r.json())).toContain('notify_bookings');
  });
});
