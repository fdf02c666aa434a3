// The merchant's message templates (issue 31 point 3): saved per kind and language, used by the
// messages written afterwards, placeholders filled and everything escaped, unknown placeholders
// refused, reset to the default, previewed unsaved; one shop's templates are its own.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { composeMail } from '../../../src/service/messages/compose.ts';
import type { OutboxMessage } from '../../../src/service/messages/types.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { book, call, get } from '../reservations/api.ts';

const FROM = 'Harbour Kayaks <bookings@harbour.example>';

describeEachDatabase('Message templates', (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
  });
  afterEach(async () => {
    await service?.close();
  });

  const bookFor = async (customer: object) => {
    const r = await book(service, {
      starts_at: '2026-12-15 09:00',
      finishes_at: '2026-12-15 17:00',
      items: [{ external_id: '8002', quantity: 1 }],
      customers: [customer],
    });
    expect(r.status).toBe(201);
    return Number(r.body.id);
  };
  const confirmationOf = async (bookingId: number) => {
    const { rows } = await service.db.query<Record<string, unknown>>(
      `SELECT id, shop_id, kind, recipient, snapshot, message_key FROM outbox_messages
        WHERE booking_id = $1 AND kind = 'customer_confirmation'`,
      [bookingId],
    );
    const row = rows[0]!;
    const message: OutboxMessage = {
      id: Number(row.id),
      shopId: Number(row.shop_id),
      kind: 'customer_confirmation',
      recipient: String(row.recipient),
      snapshot: typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : (row.snapshot as never),
      messageKey: String(row.message_key),
    };
    return composeMail(message, FROM, new Date());
  };

  it('lists every kind in the six languages with the default words until one is saved', async () => {
    const r = await get(service, '/v1/message-templates');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(6 * 6);
    const reminderDe = r.body.find((t: any) => t.kind === 'customer_reminder' && t.locale === 'de');
    expect(reminderDe).toMatchObject({
      subject: '',
      intro: '',
      customized: false,
      default_subject: 'Erinnerung: Ihre Buchung bei {shop}',
    });
  });

  it('uses the saved subject and intro, with placeholders filled and escaped, in the messages written afterwards', async () => {
    const saved = await call(service, 'PUT', '/v1/message-templates/customer_confirmation/en', {
      subject: 'See you, {first_name}! <b>{product}</b>',
      intro: 'Dear {name}, <script>alert(1)</script> we meet {when} at {shop}.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ customized: true, subject: 'See you, {first_name}! <b>{product}</b>' });
    const id = await bookFor({ first_name: '<script>x</script>', last_name: 'Lee', email: 'lee@example.com' });
    const mail = await confirmationOf(id);
    expect(mail.subject).toBe('See you, <script>x</script>! <b>Kayak hire</b>');
    expect(mail.text).toContain('Dear <script>x</script> Lee, <script>alert(1)</script> we meet ');
    expect(mail.text).toContain('at Harbour Kayaks.');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Dear &lt;script&gt;x&lt;/script&gt; Lee');
    expect(mail.html).toContain(
      '<title>See you, &lt;script&gt;x&lt;/script&gt;! &lt;b&gt;Kayak hire&lt;/b&gt;</title>',
    );
  });

  it('refuses a placeholder it does not know with 422 naming it, and saves nothing', async () => {
    const r = await call(service, 'PUT', '/v1/message-templates/customer_reminder/fr', {
      subject: 'Hello {firstname}',
      intro: 'Fine {shop}',
    });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain('{firstname}');
    expect(JSON.stringify(r.body)).toContain('subject');
    const list = await get(service, '/v1/message-templates');
    expect(list.body.filter((t: any) => t.customized)).toEqual([]);
  });

  it('goes back to the default words when the template is deleted', async () => {
    await call(service, 'PUT', '/v1/message-templates/customer_confirmation/en', {
      subject: 'Custom {shop}',
      intro: '',
    });
    const removed = await call(service, 'DELETE', '/v1/message-templates/customer_confirmation/en');
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ customized: false, subject: '' });
    const id = await bookFor({ first_name: 'Ada', email: 'ada@example.com' });
    expect((await confirmationOf(id)).subject).toBe('Your booking at Harbour Kayaks is confirmed');
  });

  it('previews a sample booking with an unsaved template, escaped, in the language chosen', async () => {
    const r = await call(service, 'POST', '/v1/message-templates/preview', {
      kind: 'customer_reminder',
      locale: 'de',
      subject: 'Bis bald, {first_name}',
      intro: '<i>Wir freuen uns</i> auf {product}.',
    });
    expect(r.status).toBe(200);
    expect(r.body.subject).toBe('Bis bald, Alex');
    expect(r.body.html).toContain('&lt;i&gt;Wir freuen uns&lt;/i&gt; auf ');
    expect(r.body.html).toContain('lang="de"');
    expect(r.body.text).toContain('<i>Wir freuen uns</i> auf ');
    const empty = await call(service, 'POST', '/v1/message-templates/preview', {
      kind: 'customer_reminder',
      locale: 'de',
      subject: '',
      intro: '',
    });
    expect(empty.body.subject).toBe('Erinnerung: Ihre Buchung bei Harbour Kayaks');
    const bad = await call(service, 'POST', '/v1/message-templates/preview', { kind: 'letter', locale: 'xx' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('kind');
    expect(JSON.stringify(bad.body)).toContain('locale');
  });

  it("keeps one shop's templates from another and from publishable tokens", async () => {
    await call(service, 'PUT', '/v1/message-templates/customer_confirmation/en', {
      subject: 'Harbour only',
      intro: '',
    });
    const other = await get(service, '/v1/message-templates', { token: 'sk_test_alpine' });
    expect(other.status).toBe(200);
    expect(other.body.filter((t: any) => t.customized)).toEqual([]);
    expect((await get(service, '/v1/message-templates', { token: 'pk_test_harbour' })).status).toBe(403);
  });
});
