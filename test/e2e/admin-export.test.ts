/**
 * Issue 30, point 4, in Chromium: "Download CSV" on the bookings screen downloads the export
 * with the session's cookie (no token in the page): a file named for its days, starting with
 * the UTF-8 byte order mark, holding the booking made for the days and product chosen.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, openScreen, signIn } from './helpers/admin.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { DOUBLE_KAYAK, day } from './helpers/fixture.ts';
import { useStorefront } from './helpers/suite.ts';

describeInBrowser('the bookings export in the admin', () => {
  const suite = useStorefront();

  it('downloads the chosen days’ bookings of a product as a CSV file, by keyboard, with the session alone', async () => {
    const first = day(suite.today, 20);
    const made = await suite.server.api('POST', '/v1/bookings', {
      starts_at: `${first} 10:00`,
      finishes_at: `${first} 12:00`,
      items: [{ external_id: DOUBLE_KAYAK, quantity: 1 }],
      customers: [{ first_name: '=Zoë', last_name: 'Lovelace', email: 'zoe@example.com' }],
    });
    expect(made.status).toBe(201);
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Bookings and holds', 'Bookings');
    const form = page.getByRole('form', { name: 'Download bookings' });
    await form.getByLabel('From').fill(first);
    await form.getByLabel('To').fill(first);
    await form.getByLabel('Product').selectOption({ label: 'Kayak hire' });
    await expectAccessibleAtBothWidths(page, 'Bookings with Download CSV');
    const link = form.getByRole('link', { name: 'Download CSV' });
    await link.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(`bookings-${first}-${first}.csv`);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toMatch(/^Booking,Status,Product,Variant,Quantity,Start \(Australia\/Melbourne\),/);
    expect(lines[1]).toContain(
      `${made.body.id},confirmed,Kayak hire,Double kayak,1,${first} 10:00,${first} 12:00,'=Zoë Lovelace,zoe@example.com,`,
    );
    expect(lines.filter(Boolean)).toHaveLength(2);
  });
});
