/**
 * Issue 31 point 4 in a real browser: the customer opens the link in their confirmation email,
 * sees the booking, cancels it with the keyboard after a confirmation step, axe clean at 1280 and
 * 390 px on each page; a forged link gets a clear page. The page has no script at all.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, signIn, tabUntil } from './helpers/admin.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { DOUBLE_KAYAK, day } from './helpers/fixture.ts';
import { DESKTOP } from './helpers/page.ts';
import { useStorefront } from './helpers/suite.ts';

describeInBrowser("the customer's manage link", () => {
  const suite = useStorefront();

  /** A page of its own (axe is injected as a script, so CSP is bypassed for it), closed by the caller. */
  async function newPage(): Promise<Page> {
    const context = await suite.browser.newContext({ bypassCSP: true, viewport: DESKTOP });
    return context.newPage();
  }

  it("opens from the confirmation email, shows the booking, and cancels it after a confirmation, recorded as the customer's", async () => {
    expect((await suite.server.api('PUT', '/v1/shop', { cancel_cutoff_hours: 48 })).status).toBe(200);
    const date = day(suite.today, 20);
    const made = await suite.server.api('POST', '/v1/bookings', {
      starts_at: `${date} 10:00`,
      finishes_at: `${date} 12:00`,
      items: [{ external_id: DOUBLE_KAYAK, quantity: 1 }],
      customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }],
    });
    expect(made.status).toBe(201);
    const messages = (await suite.server.api('GET', '/v1/messages?per=50')).body as {
      kind: string;
      booking_id: number;
      html: string;
    }[];
    const email = messages.find((m) => m.kind === 'customer_confirmation' && m.booking_id === made.body.id)!;
    const page = await newPage();
    try {
      // The email as a mail client shows it; its link is followed as a customer does.
      await page.setContent(email.html);
      await page.getByRole('link', { name: 'See or cancel your booking' }).click();
      await page.getByRole('heading', { name: 'Your booking at Harbour Kayaks' }).waitFor();
      expect(page.url()).toContain(`${suite.server.url}/manage/`);
      expect(await page.locator('main').textContent()).toContain(`#${made.body.id}`);
      expect(await page.locator('script').count()).toBe(0);
      await expectAccessibleAtBothWidths(page, 'the manage page');

      // With the keyboard: the one button, then the confirmation's.
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel booking');
      await page.keyboard.press('Enter');
      await page.getByText('Do you want to cancel this booking?').waitFor();
      await expectAccessibleAtBothWidths(page, 'the confirmation step');
      const booked = (await suite.server.api('GET', `/v1/bookings/${made.body.id}`)).body;
      expect(booked.status).toBe('confirmed');
      await page.getByRole('button', { name: 'Yes, cancel the booking' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Your booking is cancelled.' }).waitFor();
      await expectAccessibleAtBothWidths(page, 'the cancelled booking');
      expect((await suite.server.api('GET', `/v1/bookings/${made.body.id}`)).body.status).toBe('cancelled');
      const audit = (await suite.server.api('GET', '/v1/audit?per=5')).body as { actor: string; action: string }[];
      expect(audit[0]).toMatchObject({
        actor: 'The customer (manage link)',
        action: `cancelled booking ${made.body.id}`,
      });
    } finally {
      await page.context().close();
    }
  });

  it("shows the merchant the refund a customer's cancellation of a Shopify order leaves, marked made by keyboard, axe clean", async () => {
    expect((await suite.server.api('PUT', '/v1/shop', { cancel_cutoff_hours: 48 })).status).toBe(200);
    const date = day(suite.today, 22);
    const made = await suite.server.api('POST', '/v1/bookings', {
      starts_at: `${date} 10:00`,
      finishes_at: `${date} 12:00`,
      items: [{ external_id: DOUBLE_KAYAK, quantity: 1 }],
      customers: [{ first_name: 'Rue', last_name: 'Fund', email: 'rue@example.com' }],
      fields: [{ name: 'Shopify order', value: '#1042' }],
      tags: ['shopify'],
    });
    expect(made.status).toBe(201);
    const messages = (await suite.server.api('GET', '/v1/messages?per=50')).body as {
      kind: string;
      booking_id: number;
      text: string;
    }[];
    const email = messages.find((m) => m.kind === 'customer_confirmation' && m.booking_id === made.body.id)!;
    const link = /https?:\/\/\S+\/manage\/\S+/.exec(email.text)![0];
    // The customer cancels as the page's form does.
    const cancelled = await fetch(`${link}/cancel`, {
      method: 'POST',
      headers: { origin: suite.server.url, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(cancelled.status).toBe(200);

    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await page.goto(`/admin/#/bookings/${made.body.id}`);
    const notice = page.locator('.notice');
    await notice.getByText(/Refund due:/).waitFor();
    expect(await notice.textContent()).toContain('The customer cancelled this booking with their link on');
    expect(await notice.textContent()).toContain('refund order #1042 in Shopify');
    await expectAccessibleAtBothWidths(page, 'a booking with a refund due');
    await tabUntil(page, 'Mark as refunded');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Refund of booking #${made.body.id} marked as made.` })
      .waitFor();
    await notice.getByText(/Refund marked as made on/).waitFor();
    await expectAccessibleAtBothWidths(page, 'a booking whose refund is marked');
    expect((await suite.server.api('GET', `/v1/bookings/${made.body.id}`)).body).toMatchObject({
      status: 'cancelled',
      refund_due: false,
      refunded_at: expect.any(String),
    });
    expect(pageErrors).toEqual([]);
  });

  it('a forged link gets a page saying it is not valid, accessible at both widths', async () => {
    const page = await newPage();
    try {
      const response = await page.goto(
        `${suite.server.url}/manage/1.1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      );
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
      await expectAccessibleAtBothWidths(page, 'the forged link page');
    } finally {
      await page.context().close();
    }
  });
});
