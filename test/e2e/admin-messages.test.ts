/**
 * Issue 31's admin screens in Chromium, each screen's job at 1280 and 390 px with axe and the
 * keyboard: the Messages screen lists a booking's confirmation (no mail server: kept, shown as
 * it would be sent) and opens it; its Templates editor previews, validates and saves the
 * merchant's words, markup always escaped; the Shop screen's calendar feeds are made, read by a
 * calendar app and stopped; a product's imported calendar, served here, closes its dates.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ical, { type VEvent } from 'node-ical';
import type { Page } from 'playwright-core';
import { expect, it, vi } from 'vitest';
import {
  errorBeside,
  expectAccessibleAtBothWidths,
  focusedName,
  openScreen,
  signIn,
  tabUntil,
} from './helpers/admin.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { DOUBLE_KAYAK, SINGLE_KAYAK, day } from './helpers/fixture.ts';
import { useStorefront } from './helpers/suite.ts';

/** Days of this file, far from the other suites' (each file has its own server anyway). */
const OFFSET = { messages: 50, templates: 52, feeds: 54, imports: 56 };

describeInBrowser('messages, templates and calendars in the merchant admin', () => {
  const suite = useStorefront();

  /** Books one unit for a day through the API as another channel would; resolves to the booking's id. */
  async function book(variant: number, offset: number, first: string, last: string, email: string): Promise<number> {
    const date = day(suite.today, offset);
    const { status, body } = await suite.server.api('POST', '/v1/bookings', {
      starts_at: `${date} 00:00`,
      finishes_at: `${day(date, 1)} 00:00`,
      items: [{ external_id: variant, quantity: 1 }],
      customers: [{ first_name: first, last_name: last, email }],
    });
    expect(status, JSON.stringify(body)).toBe(201);
    return body.id;
  }

  /** Selects all of the focused field and types `text` over it. */
  async function retype(page: Page, text: string): Promise<void> {
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(text);
  }

  it("lists a new booking's confirmation, kept unsent without a mail server, and opens it as HTML and text by keyboard", async () => {
    await book(SINGLE_KAYAK, OFFSET.messages, 'Mia', 'Messenger', 'mia.messages@example.com');
    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Messages');
    const list = page.getByRole('region', { name: 'Messages' });
    const row = list.getByRole('row').filter({ hasText: 'mia.messages@example.com' });
    await row.waitFor();
    expect(await row.getByRole('rowheader').textContent()).toBe('Your booking at Harbour Kayaks is confirmed');
    expect(await row.locator('td[data-label="Kind"]').textContent()).toBe('Confirmation to the customer');
    // This server runs no sender and has no mail server: the message is kept, not sent.
    expect(await row.locator('td[data-label="State"]').textContent()).toBe('Waiting to be sent');
    await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));
    await expectAccessibleAtBothWidths(page, 'Messages, listed');

    await tabUntil(page, 'Open Your booking at Harbour Kayaks is confirmed');
    await page.keyboard.press('Enter');
    const view = page.getByRole('region', { name: 'Message: Your booking at Harbour Kayaks is confirmed' });
    await view.waitFor();
    expect(await view.textContent()).toContain('To mia.messages@example.com');
    const html = view.frameLocator('iframe').locator('body');
    await expect.poll(() => html.innerText()).toContain('Hello Mia Messenger,');
    expect(await html.innerText()).toContain('Thank you for your booking. Here are its details.');
    const text = await view.locator('pre.message-text').textContent();
    expect(text).toContain('Hello Mia Messenger,');
    expect(text).toContain('Kayak hire – Single kayak');
    await expectAccessibleAtBothWidths(page, 'Messages, one opened');
    expect(pageErrors).toEqual([]);
  });

  it("edits a template by keyboard with a live preview, names an unknown placeholder beside its field, and sends the saved words with a customer's markup escaped", async () => {
    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Messages');
    const editor = page.getByRole('form', { name: 'Template' });
    const preview = page.getByRole('region', { name: 'Preview' });
    const previewBody = preview.frameLocator('iframe').locator('body');
    await preview.getByRole('heading', { name: 'Preview: Your booking at Harbour Kayaks is confirmed' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));
    await expectAccessibleAtBothWidths(page, 'Templates, the confirmation');

    // An unknown placeholder: the preview says so and the subject field names it.
    await tabUntil(page, 'Subject');
    await retype(page, 'Booked, {nickname}');
    const subject = editor.getByLabel('Subject');
    await expect.poll(() => errorBeside(subject)).toContain('{nickname}');
    expect(await subject.getAttribute('aria-invalid')).toBe('true');
    await expectAccessibleAtBothWidths(page, 'Templates, an unknown placeholder');

    // Good words, markup among them: the preview shows the markup as text.
    await retype(page, 'See you on the water, {first_name}');
    await expect
      .poll(() => preview.getByRole('heading', { level: 4 }).textContent())
      .toBe('Preview: See you on the water, Alex');
    expect(await errorBeside(subject)).toBe('');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Opening paragraph');
    await retype(page, 'Bring a hat, {first_name}. <b>Eve</b> says hi.');
    await expect.poll(() => previewBody.innerText()).toContain('Bring a hat, Alex. <b>Eve</b> says hi.');
    expect(await previewBody.locator('b').count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'Templates, edited');
    await tabUntil(page, 'Save template');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: 'Saved: the confirmation to the customer in English uses your words from now on.' })
      .waitFor();

    // A booking for a customer whose name is markup: her confirmation has the saved words, escaped.
    await book(DOUBLE_KAYAK, OFFSET.templates, '<b>Eve</b>', 'Tagger', 'eve.tags@example.com');
    await page.reload();
    await page.getByRole('heading', { name: 'Messages', level: 2 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'eve.tags@example.com' });
    expect(await row.getByRole('rowheader').textContent()).toBe('See you on the water, <b>Eve</b>');
    await row.getByRole('button', { name: /^Open / }).click();
    const view = page.getByRole('region', { name: 'Message: See you on the water, <b>Eve</b>' });
    const html = view.frameLocator('iframe').locator('body');
    await expect.poll(() => html.innerText()).toContain('Bring a hat, <b>Eve</b>. <b>Eve</b> says hi.');
    expect(await html.locator('b').count()).toBe(0);
    expect(await view.locator('pre.message-text').textContent()).toContain('Bring a hat, <b>Eve</b>.');
    await expectAccessibleAtBothWidths(page, 'Messages, a customised message opened');
    expect(pageErrors).toEqual([]);
  });

  it('makes a calendar link for one variant by keyboard, which a calendar app reads, and stops it once confirmed', async () => {
    const bookingId = await book(DOUBLE_KAYAK, OFFSET.feeds, 'Felix', 'Feed', 'felix.feed@example.com');
    await book(SINGLE_KAYAK, OFFSET.feeds, 'Other', 'Variant', 'other.variant@example.com');
    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Shop');
    await page.getByRole('heading', { name: 'Calendar feeds', level: 3 }).waitFor();
    await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));
    await expectAccessibleAtBothWidths(page, 'Shop, calendar feeds');

    await tabUntil(page, 'Show');
    const show = page.getByLabel('Show', { exact: true });
    const chosen = () => show.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text ?? '');
    for (let i = 0; i < 10 && (await chosen()) !== 'Bookings of Kayak hire – Double kayak'; i++)
      await page.keyboard.press('ArrowDown');
    expect(await chosen()).toBe('Bookings of Kayak hire – Double kayak');
    await tabUntil(page, 'Make a calendar link');
    await page.keyboard.press('Enter');
    const link = page.getByLabel('New calendar link (shown only once)');
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${suite.server.url}/calendars/cal_[\\w-]+\\.ics$`));
    await page.getByRole('status').filter({ hasText: 'Calendar link made: copy it now' }).waitFor();
    await expectAccessibleAtBothWidths(page, 'Shop, a calendar link just made');

    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await answer.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
    // The variant's bookings only: the Single kayak's, that day, is not in this link's calendar.
    const felix = events.find((e) => e.uid.includes(`-${bookingId}-`));
    expect(felix?.summary).toBe('Kayak hire – Double kayak × 1, Felix Feed');
    expect(events.filter((e) => !String(e.summary).startsWith('Kayak hire – Double kayak × '))).toEqual([]);
    expect(text).toContain(`DTSTART;VALUE=DATE:${day(suite.today, OFFSET.feeds).replaceAll('-', '')}`);

    await tabUntil(page, 'Stop the link: Bookings of Kayak hire – Double kayak');
    await page.keyboard.press('Enter');
    await page.getByText('Stop this calendar link? Calendars subscribed to it stop showing the bookings.').waitFor();
    await expect.poll(() => focusedName(page)).toBe('Yes, stop the link');
    await expectAccessibleAtBothWidths(page, 'Shop, stopping a calendar link');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: 'Bookings of Kayak hire – Double kayak: that calendar link no longer works.' })
      .waitFor();
    await page.getByText('No calendar links yet.').waitFor();
    expect((await fetch(url)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  });

  it("adds another site's calendar to a variant by keyboard, checks it now, and its booking closes those dates as a blackout", async () => {
    const first = day(suite.today, OFFSET.imports);
    const compact = (d: string) => d.replaceAll('-', '');
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Elsewhere//EN',
      'BEGIN:VEVENT',
      'UID:stay-1@elsewhere.test',
      'DTSTAMP:20261101T000000Z',
      `DTSTART;VALUE=DATE:${compact(first)}`,
      `DTEND;VALUE=DATE:${compact(day(first, 2))}`,
      'SUMMARY:Booked on Elsewhere',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    let requests = 0;
    const site = createServer((_request, response) => {
      requests++;
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      response.end(ics);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/export.ics`;
    // The service fetches a loopback address only when the operator allows it (docs/configuration.md).
    vi.stubEnv('CALENDAR_IMPORT_ALLOW', '127.0.0.1');
    try {
      const { page, pageErrors } = await suite.open({ bypassCSP: true });
      await signIn(page);
      await openScreen(page, 'Products');
      await tabUntil(page, 'Dates booked on other sites (Kayak hire)');
      await page.keyboard.press('Enter');
      const field = page.getByLabel("Calendar address for Single kayak (the other site's .ics export)");
      await field.waitFor();
      await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));
      await expectAccessibleAtBothWidths(page, 'Products, other sites’ calendars open');

      // An address that is no web address is refused beside the field.
      await tabUntil(page, "Calendar address for Single kayak (the other site's .ics export)");
      await page.keyboard.type('ftp://elsewhere.test/export.ics');
      await page.keyboard.press('Enter');
      await expect.poll(() => errorBeside(field)).toBe('must be an http or https address');
      await expectAccessibleAtBothWidths(page, 'Products, a calendar address refused');

      await retype(page, siteUrl);
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: "Single kayak: the other site's calendar is added" }).waitFor();
      const entry = page.locator('li.entry').filter({ hasText: siteUrl });
      await expect.poll(() => entry.textContent()).toContain('Not checked yet');
      await tabUntil(page, `Check now ${siteUrl}`);
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Single kayak: calendar checked.' }).waitFor();
      await expect.poll(() => entry.textContent()).toMatch(/Checked at .+: 1 booking closing dates here\./);
      expect(requests).toBe(1);
      await expectAccessibleAtBothWidths(page, 'Products, another site’s calendar checked');

      await openScreen(page, 'Blackouts');
      const blackout = page.locator('li.entry').filter({ hasText: 'Imported: Booked on Elsewhere' });
      await blackout.waitFor();
      expect(await blackout.textContent()).toContain('Kayak hire – Single kayak');
      await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));
      await expectAccessibleAtBothWidths(page, 'Blackouts with an imported one');
      const { body } = await suite.server.api('GET', `/v1/blackouts?start_min=${first}`);
      expect(body.filter((b: { title: string }) => b.title === 'Imported: Booked on Elsewhere')).toHaveLength(1);
      expect(pageErrors).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
    }
  });
});
