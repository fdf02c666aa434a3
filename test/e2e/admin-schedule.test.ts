/**
 * Issue 29, the schedule editor and occupancy by slot in Chromium: a variant set to times of
 * day with the editor open, its seven-day preview, a refusal beside the interval it names and
 * then a good save, the day's slots under Occupancy opening their bookings; axe clean at 1280
 * and 390 px in each of those states.
 */
import { expect, it } from 'vitest';
import { errorBeside, expectAccessibleAtBothWidths, openScreen, signIn } from './helpers/admin.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { TOUR_ADULT, TOUR_PRODUCT, day } from './helpers/fixture.ts';
import { useStorefront } from './helpers/suite.ts';

describeInBrowser('the schedule editor in the merchant admin', () => {
  const suite = useStorefront();

  it('sets a variant to times of day: editor, preview, a refusal beside its field, a save, then its slots under Occupancy', async () => {
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Products');
    await page.getByRole('button', { name: 'Book by times of Adult' }).click();
    const form = page.getByRole('form', { name: 'Times of day for Adult' });
    await form.getByLabel(/By times of day/).check();
    await form.getByLabel(/Fixed start times/).check();
    await form.getByRole('button', { name: 'Add a start time on Monday' }).click();
    await form.getByLabel('Starts at on Monday, start 1').fill('09:00');
    await form.getByRole('button', { name: 'Add a start time on Monday' }).click();
    await form.getByLabel('Starts at on Monday, start 2').fill('09:00');
    await form.getByRole('button', { name: 'Copy Monday to all weekdays' }).click();
    await form.getByLabel('Length of a slot, minutes').fill('120');
    const preview = form.getByRole('list', { name: 'The next seven days as shoppers will see them' });
    await expect.poll(() => preview.textContent()).toContain('09:00–11:00');
    await form.getByText('Nothing booked is changed or cancelled', { exact: false }).waitFor();
    // Chromium scrolls a focused field back into view some time after the viewport is resized
    // (for a phone's keyboard), which would move the Save button under the mouse: the checks at
    // two widths are made with no field focused, as a merchant would not resize while typing.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expectAccessibleAtBothWidths(page, 'Products with a schedule being edited');

    // A time listed twice: the service's refusal stands beside it, in words.
    await form.getByRole('button', { name: 'Save times of Adult' }).click();
    const twice = form.getByLabel('Starts at on Monday, start 2');
    await expect.poll(() => twice.getAttribute('aria-invalid')).toBe('true');
    expect(await errorBeside(twice)).toBe('is listed twice on this day');
    await page.getByRole('alert').filter({ hasText: 'Adult not saved: fix the fields marked below.' }).waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expectAccessibleAtBothWidths(page, 'The schedule editor with a refusal');

    for (const weekday of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
      await form.getByLabel(`Starts at on ${weekday}, start 2`).fill('13:00');
    await form.getByRole('button', { name: 'Save times of Adult' }).click();
    await page.getByRole('status').filter({ hasText: 'Adult: booked by times of day, schedule saved.' }).waitFor();
    const products = await suite.server.api('GET', `/v1/products?external_id=${TOUR_PRODUCT}`);
    const adult = (products.body[0].variants as { external_id: number; schedule: unknown }[]).find(
      (v) => v.external_id === TOUR_ADULT,
    )!;
    expect(adult.schedule).toMatchObject({ counting: 'seats', duration_minutes: 120 });

    // Items in use with opening hours shows the buffers and runs of slots: accessible too.
    await page.getByRole('button', { name: 'Times of day of Adult' }).click();
    const again = page.getByRole('form', { name: 'Times of day for Adult' });
    await again.getByLabel(/Items in use/).check();
    await again.getByLabel(/Opening hours/).check();
    await again.getByLabel('Kept free after, minutes').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expectAccessibleAtBothWidths(page, 'The schedule editor for items in use by opening hours');
    await again.getByRole('button', { name: 'Cancel' }).click();

    // Two seats booked on the 09:00 slot a week ahead: Occupancy's times of day show them.
    const date = day(suite.today, 7);
    const booked = await suite.server.api('POST', '/v1/bookings', {
      starts_at: `${date} 09:00`,
      finishes_at: `${date} 11:00`,
      items: [{ external_id: TOUR_ADULT, quantity: 2 }],
      customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }],
    });
    expect(booked.status).toBe(201);
    await openScreen(page, 'Occupancy');
    const times = page.getByRole('region', { name: 'Times of day' });
    await times.getByLabel('Day').fill(date);
    const slot = times.getByRole('button', { name: /^09:00–11:00: 10 of 12 left, 2 booked, 0 held/ });
    await slot.waitFor();
    await expectAccessibleAtBothWidths(page, 'Occupancy with a day of slots');
    await slot.click();
    await page.getByRole('heading', { name: 'Bookings', level: 2 }).waitFor();
    await page.getByText(/^Bookings of Sunset paddle tour – Adult, .*09:00–11:00\.$/).waitFor();
    await page.getByText('ada@example.com', { exact: false }).first().waitFor();
    await expectAccessibleAtBothWidths(page, 'Bookings of one slot');
  });
});
