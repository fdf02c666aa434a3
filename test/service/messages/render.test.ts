// What a booking message says (issue 31 point 3): in the shop's language (the widget's six),
// times in the shop's zone named by name, whole days as dates, everything typed escaped.
import { describe, expect, it } from 'vitest';
import { composeMail } from '../../../src/service/messages/compose.ts';
import { renderMessage } from '../../../src/service/messages/render.ts';
import { icsEvents, icsProblems } from '../../helpers/ics-validity.ts';
import type { BookingSnapshot, MessageKind } from '../../../src/service/messages/types.ts';

function snapshot(locale: string, change: Partial<BookingSnapshot['booking']> = {}): BookingSnapshot {
  return {
    booking: {
      id: 42,
      status: 'confirmed',
      starts_at: '2026-12-14T22:00:00+00:00',
      finishes_at: '2026-12-15T06:00:00+00:00',
      start_day: '2026-12-15',
      finish_day: '2026-12-16',
      customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }],
      fields: [{ name: 'Experience', value: 'None' }],
      ...change,
    },
    previous: null,
    shop: { name: 'Harbour Kayaks', tz: 'Australia/Melbourne', locale },
    sequence: 0,
    items: [{ quantity: 2, variant: 'Double kayak', product: 'Kayak hire', location: 'Docklands' }],
  };
}

describe('booking messages in the shop language', () => {
  const subjects: Record<string, string> = {
    en: 'Your booking at Harbour Kayaks is confirmed',
    de: 'Ihre Buchung bei Harbour Kayaks ist bestätigt',
    fr: 'Votre réservation chez Harbour Kayaks est confirmée',
    es: 'Su reserva en Harbour Kayaks está confirmada',
    ja: 'Harbour Kayaksのご予約が確定しました',
    ar: 'تم تأكيد حجزك لدى Harbour Kayaks',
  };
  for (const [locale, subject] of Object.entries(subjects))
    it(`writes the confirmation in ${locale}, its HTML marked with the language and direction`, () => {
      const message = renderMessage('customer_confirmation', snapshot(locale));
      expect(message.subject).toBe(subject);
      expect(message.language).toBe(locale);
      expect(message.html).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(message.text).toContain('Australia/Melbourne');
      expect(message.text).toContain('Docklands');
      expect(message.text).toContain('Experience: None');
    });

  it('writes a shop locale with a region in its language, and one of no known language in English', () => {
    expect(renderMessage('customer_change', snapshot('de-CH')).subject).toBe(
      'Ihre Buchung bei Harbour Kayaks wurde geändert',
    );
    expect(renderMessage('customer_cancellation', snapshot('pt-BR')).subject).toBe(
      'Your booking at Harbour Kayaks is cancelled',
    );
  });

  it('says when in the shop zone, with dates only for a booking of whole days', () => {
    const timed = renderMessage('merchant_new', snapshot('de'));
    expect(timed.text).toMatch(/Wann: Dienstag, 15\. Dezember 2026, 09:00\s*–\s*17:00/);
    const days = renderMessage(
      'customer_confirmation',
      snapshot('en', { starts_at: '2026-12-14T13:00:00+00:00', finishes_at: '2026-12-17T13:00:00+00:00' }),
    );
    expect(days.text).toMatch(/When: Tuesday, December 15\s*–\s*Thursday, December 17, 2026\n/);
  });

  it('says what was before a change', () => {
    const s = {
      ...snapshot('en'),
      previous: { starts_at: '2026-12-13T22:00:00+00:00', finishes_at: '2026-12-14T06:00:00+00:00' },
    };
    expect(renderMessage('customer_change', s).text).toMatch(/Previously: Monday, December 14, 2026/);
  });

  it('escapes in the HTML every value a customer or merchant typed', () => {
    const s = snapshot('en', {
      customers: [{ first_name: '<script>x</script>', last_name: '"&', email: 'a@b.c' }],
      fields: [{ name: '<i>q</i>', value: "<img src=x onerror='1'>" }],
    });
    for (const kind of ['customer_confirmation', 'merchant_new'] as MessageKind[]) {
      const { html } = renderMessage(kind, s);
      expect(html).not.toMatch(/<script|<i>|<img/);
      expect(html).toContain('&lt;script&gt;x&lt;/script&gt; &quot;&amp;');
      expect(html).toContain('&lt;i&gt;q&lt;/i&gt;: &lt;img src=x onerror=&#39;1&#39;&gt;');
    }
  });

  it('gives a shop notice no calendar file, and a cancellation one that cancels the same event', () => {
    const message = { id: 1, shopId: 3, recipient: 'x@y.z', snapshot: snapshot('en'), messageKey: 'k' };
    expect(
      composeMail({ ...message, kind: 'merchant_cancellation' }, 'a@shop.example', new Date()).attachments,
    ).toEqual([]);
    const [ics] = composeMail({ ...message, kind: 'customer_cancellation' }, 'a@shop.example', new Date()).attachments;
    expect(ics!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(ics!.content).toContain('UID:booking-3-42@shop.example');
    expect(ics!.content).toContain('STATUS:CANCELLED');
  });

  it('names a customer whose name has quotes, backslashes or a line break as a valid attendee', () => {
    const s = snapshot('en', {
      customers: [{ first_name: 'Zoë "Zed"', last_name: 'O\\Brien\nJr', email: 'zoe@example.com' }],
    });
    const message = { id: 1, shopId: 3, recipient: 'zoe@example.com', snapshot: s, messageKey: 'k' };
    const [ics] = composeMail(
      { ...message, kind: 'customer_confirmation' },
      'Desk <a@shop.example>',
      new Date(),
    ).attachments;
    expect(icsProblems(ics!.content)).toEqual([]);
    const attendee = icsEvents(ics!.content).events[0]!.getFirstProperty('attendee')!;
    expect(attendee.getParameter('cn')).toBe("Zoë 'Zed' O Brien Jr");
    expect(String(attendee.getFirstValue()).toLowerCase()).toBe('mailto:zoe@example.com');
  });
});
