// Issue 38 point 3: "Forgot password?" by email. A signed link that works once, for 30 minutes by
// the database's clock, sent through the mail server (or printed without one); the same answer
// for an address with no account; limited like sign-in.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resetMailer } from '../../../src/service/admin/reset-mail.ts';
import { smtpTransport } from '../../../src/service/messages/mail-settings.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { startTestSmtp, type TestSmtp } from '../../helpers/smtp.ts';
import { addStaff, cookieOf, OWNER, postSignIn } from '../../helpers/staff.ts';
import { api, withService } from '../api.ts';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});

const NEW_PASSWORD = 'a-brand-new-password';

/** Posts from the admin page itself. */
function post(service: TestService, path: string, body: unknown, address = '203.0.113.9') {
  const request = new Request(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: service.baseUrl },
    body: JSON.stringify(body),
  });
  return service.fetch(request, { clientAddress: address });
}

/** A service whose reset mail goes to the test mail server. */
function withMail(database: Parameters<typeof withService>[0], test: (service: TestService) => Promise<void>) {
  const mailer = resetMailer({ transport: smtpTransport(smtp.url, 60_000), from: 'Bookings <shop@harbour.test>' });
  return withService(database, test, { resetMail: mailer });
}

/** The token of the latest reset mail's link. */
async function mailedToken(count: number): Promise<string> {
  const mails = await smtp.waitFor(count);
  const text = mails.at(-1)!.text ?? '';
  return /\/admin\/#\/reset\/([A-Za-z0-9._-]+)/.exec(text)![1]!;
}

describeEachDatabase('Forgot password', (database) => {
  it('emails a link that sets a new password and signs the person in, once; the old password stops working', async () => {
    await withMail(database, async (service) => {
      const before = smtp.received.length;
      await addStaff(service.db, { ...OWNER, role: 'owner' });
      const asked = await post(service, '/admin/password-reset', { email: OWNER.email.toUpperCase() });
      expect(asked.status).toBe(202);
      const token = await mailedToken(before + 1);
      const mail = smtp.received.at(-1)!;
      expect(mail.to).toMatchObject({ text: OWNER.email });
      expect(mail.subject).toBe('Choose a new password for Harbour Kayaks');
      expect(mail.text).toContain('30 minutes');

      const reset = await post(service, '/admin/new-password', { token, password: NEW_PASSWORD });
      expect(reset.status).toBe(204);
      const who = await api(service).get('/admin/session', { token: null, headers: { cookie: cookieOf(reset) } });
      expect(who.body.staff).toMatchObject({ email: OWNER.email, role: 'owner' });
      expect((await postSignIn(service, { email: OWNER.email, password: OWNER.password })).status).toBe(401);
      expect((await postSignIn(service, { email: OWNER.email, password: NEW_PASSWORD })).status).toBe(204);

      const again = await post(service, '/admin/new-password', { token, password: 'yet-another-password' });
      expect(again.status).toBe(410);
      expect((await again.json()).message).toMatch(/used or has expired/);
      const log = await api(service).get('/v1/audit');
      expect(log.body.map((e: { action: string }) => e.action)).toContain(
        'chose a new password from an emailed link and signed in',
      );
    });
  });

  it('answers an address with no account exactly as one with an account, and sends and changes nothing', async () => {
    await withMail(database, async (service) => {
      await addStaff(service.db, { ...OWNER, role: 'owner' });
      const before = smtp.received.length;
      const known = await post(service, '/admin/password-reset', { email: OWNER.email });
      await smtp.waitFor(before + 1);
      const unknown = await post(service, '/admin/password-reset', { email: 'nobody@harbour.test' });
      expect([unknown.status, await unknown.text()]).toEqual([known.status, await known.text()]);
      await new Promise((done) => setTimeout(done, 300));
      expect(smtp.received.length).toBe(before + 1);
      expect((await service.db.query('SELECT count(*)::int AS n FROM admin_sessions')).rows[0]).toEqual({ n: 0 });
    });
  });

  it('lapses 30 minutes after it was asked for, by the database’s clock; a bad new password is a 422 that leaves the link usable', async () => {
    await withMail(database, async (service) => {
      await addStaff(service.db, { ...OWNER, role: 'owner' });
      const before = smtp.received.length;
      await post(service, '/admin/password-reset', { email: OWNER.email });
      const token = await mailedToken(before + 1);
      const short = await post(service, '/admin/new-password', { token, password: 'short' });
      expect(short.status).toBe(422);
      expect((await short.json()).details.fields).toEqual({ password: ['must be at least 10 characters'] });
      service.clock.advance(29 * 60_000);
      await post(service, '/admin/password-reset', { email: OWNER.email });
      const later = await mailedToken(before + 2);
      service.clock.advance(2 * 60_000);
      expect((await post(service, '/admin/new-password', { token, password: NEW_PASSWORD })).status).toBe(410);
      expect((await postSignIn(service, { email: OWNER.email, password: OWNER.password })).status).toBe(204);
      expect((await post(service, '/admin/new-password', { token: later, password: NEW_PASSWORD })).status).toBe(204);
    });
  });

  it('ends the person’s other sessions when the new password is set', async () => {
    await withMail(database, async (service) => {
      await addStaff(service.db, { ...OWNER, role: 'owner' });
      const old = cookieOf(await postSignIn(service, { email: OWNER.email, password: OWNER.password }));
      const before = smtp.received.length;
      await post(service, '/admin/password-reset', { email: OWNER.email });
      const token = await mailedToken(before + 1);
      expect((await post(service, '/admin/new-password', { token, password: NEW_PASSWORD })).status).toBe(204);
      expect((await api(service).get('/admin/session', { token: null, headers: { cookie: old } })).status).toBe(401);
    });
  });

  it('limits requests like sign-in: past the burst for one account, 429 with Retry-After and a message in words', async () => {
    await withMail(database, async (service) => {
      const statuses: number[] = [];
      for (let i = 0; i < 12 && statuses.at(-1) !== 429; i++)
        statuses.push(
          (await post(service, '/admin/password-reset', { email: 'sam@harbour.test' }, `10.0.0.${i}`)).status,
        );
      expect(statuses).toEqual([...Array(10).fill(202), 429]);
      const refused = await post(service, '/admin/password-reset', { email: 'sam@harbour.test' }, '10.0.2.1');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).message).toMatch(
        /^Too many password reset requests for this account\. Try again in/,
      );
    });
  });
});

it('without a mail server, prints the link where the service’s output shows it', async () => {
  const lines: string[] = [];
  const mailer = resetMailer({ transport: null, from: 'Bookings <shop@harbour.test>' }, (line) => lines.push(line));
  await mailer({ to: 'olive@harbour.test', name: 'Olive', shop: 'Harbour Kayaks', link: 'http://x/admin/#/reset/abc' });
  expect(lines.join('\n')).toContain('olive@harbour.test');
  expect(lines.join('\n')).toContain('http://x/admin/#/reset/abc');
  expect(lines.join('\n')).toMatch(/no mail server/);
});
