// The sender puts the manage link of its settings (start.ts, cli.ts: PUBLIC_URL and the key)
// into the customer's email sent over SMTP, and the link opens the booking.
import { expect, it } from 'vitest';
import { manageSecret } from '../../../src/service/manage/secret-queries.ts';
import { sendDueMessages } from '../../../src/service/messages/sender.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { startTestSmtp, testMailSettings } from '../../helpers/smtp.ts';
import { api, withService } from '../api.ts';
import { booking, open } from './helpers.ts';

describeEachDatabase('The manage link in a sent email', (database) => {
  it("is in the customer's email as sent, at the service's address, and opens the booking", async () => {
    const smtp = await startTestSmtp();
    try {
      await withService(database, async (service) => {
        const made = await api(service).post('/v1/bookings', booking());
        expect(made.status).toBe(201);
        const settings = testMailSettings(smtp, {
          links: { baseUrl: service.baseUrl, secret: await manageSecret(service.db, undefined) },
        });
        try {
          expect((await sendDueMessages(service.db, settings)).sent).toBe(1);
        } finally {
          settings.transport?.close?.();
        }
        const [sent] = smtp.received;
        const url = /See or cancel your booking: (\S+)/.exec(sent!.text ?? '')?.[1];
        expect(url?.startsWith(`${service.baseUrl}/manage/`)).toBe(true);
        expect(sent!.html).toContain(`<a href="${url}">See or cancel your booking</a>`);
        const page = await open(service, url!);
        expect(page.status).toBe(200);
        expect(page.html).toContain(`#${made.body.id}`);
      });
    } finally {
      await smtp.close();
    }
  });
});
