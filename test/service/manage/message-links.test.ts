// Every customer message carries the manage link (issue 31 point 4), in the six languages; the
// shop's notices carry none.
import { expect, it } from 'vitest';
import { MESSAGE_LOCALES } from '../../../src/service/messages/strings.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, withService } from '../api.ts';
import { booking, open } from './helpers.ts';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const;

describeEachDatabase('The manage link in booking messages', (database) => {
  it('is in the confirmation, change and cancellation to the customer, in each of the six languages, and opens the booking', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      await a.put('/v1/shop', { notify_email: 'desk@harbour.example' });
      for (const [n, language] of LANGUAGES.entries()) {
        await a.put('/v1/shop', { locale: language });
        const made = await a.post('/v1/bookings', booking(`2026-12-1${n}`));
        expect(made.status).toBe(201);
        await a.call('PATCH', `/v1/bookings/${made.body.id}`, {
          body: { starts_at: `2026-12-1${n} 13:00`, finishes_at: `2026-12-1${n} 15:00` },
        });
        await a.post(`/v1/bookings/${made.body.id}/cancel`, undefined);
        const messages = (await a.get('/v1/messages?per=100')).body.filter(
          (m: { booking_id: number }) => m.booking_id === made.body.id,
        );
        const kinds = messages.map((m: { kind: string }) => m.kind).sort();
        expect(kinds).toEqual([
          'customer_cancellation',
          'customer_change',
          'customer_confirmation',
          'merchant_cancellation',
          'merchant_new',
        ]);
        const words = MESSAGE_LOCALES[language].manage;
        for (const message of messages) {
          if (message.kind.startsWith('merchant_')) {
            expect(message.text, message.kind).not.toContain('/manage/');
            continue;
          }
          const url = new RegExp(`${words}: (${service.baseUrl}/manage/\\S+)`).exec(message.text)?.[1];
          expect(url, `${language} ${message.kind}`).toBeDefined();
          expect(message.html).toContain(`<a href="${url}">${words}</a>`);
          expect(message.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
          const page = await open(service, url!);
          expect(page.status).toBe(200);
          expect(page.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
          expect(page.html).toContain(`#${made.body.id}`);
        }
      }
    });
  });
});
