/**
 * Issue 30 point 3 in Chromium: bookings made and changed in the merchant admin. A phone
 * customer booked with the keyboard alone at 390 and 1280 px, axe clean on the form and on the
 * booking; a full day refused in words beside the form with nothing booked; a booking moved;
 * cancelled and a hold released, each only once confirmed; customers searched and opened.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, focusedName, openScreen, signIn, tabUntil } from './helpers/admin.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { DOUBLE_KAYAK, SINGLE_KAYAK, day } from './helpers/fixture.ts';
import { PHONE } from './helpers/page.ts';
import { holdForAnotherCart } from './helpers/server.ts';
import { useStorefront } from './helpers/suite.ts';

/** Days of this file, far from the other suites' (each file has its own server anyway). */
const OFFSET = { phone: 30, phoneDesktop: 31, full: 32, move: 34, moveTo: 36, cancel: 38, hold: 40, customers: 42 };

describeInBrowser('bookings made and changed in the merchant admin', () => {
  const suite = useStorefront();

  /** Books through the API as another channel would; resolves to the booking's id. */
  async function book(variant: number, date: string, quantity: number, email: string): Promise<number> {
    const next = day(date as never, 1);
    const { status, body } = await suite.server.api('POST', '/v1/bookings', {
      starts_at: `${date} 00:00`,
      finishes_at: `${next} 00:00`,
      items: [{ external_id: variant, quantity }],
      customers: [{ first_name: email.split('@')[0], last_name: 'Guest', email }],
    });
    expect(status).toBe(201);
    return body.id;
  }

  /** The service's id of a variant, as the admin's addresses name it. */
  async function variantId(external: number): Promise<number> {
    const { body } = await suite.server.api('GET', '/v1/products');
    for (const p of body) for (const v of p.variants) if (Number(v.external_id) === external) return v.id;
    throw new Error(`no variant ${external}`);
  }

  /** Opens an admin address in the signed-in page. */
  async function goTo(page: Page, hash: string): Promise<void> {
    await page.evaluate((h) => (location.hash = h), hash);
  }

  /**
   * "MMDDYYYY", what Chromium's date field takes from the keyboard: its order follows the
   * browser's own language (en-US here), not the page's `en-AU` locale.
   */
  const typed = (date: string) => `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(0, 4)}`;

  // Awaits the service branch (issue 30, C) for the customer's phone.
  it('books a phone customer with the keyboard alone at 390 and at 1280 px, axe clean on the form and on the booking', async () => {
    for (const [viewport, offset] of [
      [PHONE, OFFSET.phone],
      [undefined, OFFSET.phoneDesktop],
    ] as const) {
      const date = day(suite.today, offset);
      const { page, pageErrors } = await suite.open({ bypassCSP: true, ...(viewport && { viewport }) });
      await signIn(page);
      // On a phone the screens are behind the Menu button: opened by the keyboard too.
      if (viewport) {
        await tabUntil(page, /^☰?\s*Menu, now showing/);
        await page.keyboard.press('Enter');
      }
      await tabUntil(page, 'Bookings and holds');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Bookings', level: 2 }).waitFor();
      await tabUntil(page, 'Add booking');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Add booking', level: 2 }).waitFor();
      await tabUntil(page, 'First name');
      await page.keyboard.type('Pat');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Phoner');
      await page.keyboard.press('Tab');
      await page.keyboard.type(`pat.${offset}@example.com`);
      await page.keyboard.press('Tab');
      await page.keyboard.type('+61 400 123 456');
      await tabUntil(page, 'Product and variant');
      const product = page.getByLabel('Product and variant');
      // A closed select takes the arrow keys: down to the Double kayak.
      const chosen = () => product.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text ?? '');
      for (let i = 0; i < 10 && !(await chosen()).includes('Double kayak'); i++) await page.keyboard.press('ArrowDown');
      await tabUntil(page, 'Units');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('2');
      await tabUntil(page, 'First day');
      await page.keyboard.type(typed(date));
      await expect.poll(() => page.getByLabel('Last day').inputValue()).toBe(date);
      if (!viewport) {
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await expectAccessibleAtBothWidths(page, 'Add booking, filled in');
        await tabUntil(page, 'First day');
      }
      await tabUntil(page, 'Book');
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { name: /^Booking #\d+$/, level: 2 });
      await heading.waitFor();
      // The page takes the focus once painted (an effect), a moment after its heading appears.
      await expect.poll(() => focusedName(page)).toMatch(/^Booking #\d+$/);
      const id = Number((await heading.textContent())!.slice('Booking #'.length));
      await page.getByText('2 × Kayak hire – Double kayak').waitFor();
      if (!viewport) await expectAccessibleAtBothWidths(page, 'a booking just made');
      const { body } = await suite.server.api('GET', `/v1/bookings/${id}`);
      expect(body).toMatchObject({
        starts_at_local: `${date}T00:00`,
        finishes_at_local: `${day(date, 1)}T00:00`,
        items: [{ external_id: DOUBLE_KAYAK, quantity: 2 }],
        customers: [
          { first_name: 'Pat', last_name: 'Phoner', email: `pat.${offset}@example.com`, phone: '+61 400 123 456' },
        ],
      });
      expect(pageErrors).toEqual([]);
    }
  });

  it('refuses a full day beside the form, saying why, and books nothing', async () => {
    const date = day(suite.today, OFFSET.full);
    await book(DOUBLE_KAYAK, date, 2, 'first.come@example.com');
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await goTo(page, `#/bookings/new?variant=${await variantId(DOUBLE_KAYAK)}&date=${date}`);
    const form = page.getByRole('form', { name: 'Add booking' });
    await expect.poll(() => form.getByLabel('First day').inputValue()).toBe(date);
    await form.getByLabel('First name').fill('Too');
    await form.getByLabel('Last name').fill('Late');
    await form.getByLabel('Email').fill('too.late@example.com');
    await form.getByRole('button', { name: 'Book' }).click();
    const alert = form.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toMatch(/^Not booked: .*Double kayak.*\(.*1 asked\)\. Nothing was booked\.$/);
    expect(await alert.textContent()).not.toMatch(/items\[|sold_out|409/);
    await expectAccessibleAtBothWidths(page, 'Add booking refused');
    const { body } = await suite.server.api('GET', '/v1/bookings?q=too.late');
    expect(body).toEqual([]);
  });

  // Awaits the service branch (issue 30, C): PATCH /v1/bookings/{id}.
  it('moves a booking to other days from its page', async () => {
    const id = await book(SINGLE_KAYAK, day(suite.today, OFFSET.move), 1, 'mover@example.com');
    const to = day(suite.today, OFFSET.moveTo);
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await goTo(page, `#/bookings/${id}`);
    await page.getByRole('heading', { name: `Booking #${id}` }).waitFor();
    await page.getByRole('button', { name: 'Move' }).click();
    const form = page.getByRole('form', { name: `Move booking #${id}` });
    await form.getByLabel('First day').fill(to);
    await expect.poll(() => form.getByLabel('Last day').inputValue()).toBe(to);
    await expectAccessibleAtBothWidths(page, 'a booking being moved');
    await form.getByRole('button', { name: 'Move booking' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Booking #${id} moved.` })
      .waitFor();
    const { body } = await suite.server.api('GET', `/v1/bookings/${id}`);
    expect(body.starts_at_local).toBe(`${to}T00:00`);
  });

  it('cancels a booking from its page only once confirmed', async () => {
    const id = await book(SINGLE_KAYAK, day(suite.today, OFFSET.cancel), 1, 'canceller@example.com');
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await goTo(page, `#/bookings/${id}`);
    await page.getByRole('button', { name: `Cancel booking #${id}` }).click();
    await page.getByText(`Cancel booking #${id} and free its units?`).waitFor();
    await expectAccessibleAtBothWidths(page, 'a booking’s cancel asking first');
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect((await suite.server.api('GET', `/v1/bookings/${id}`)).body.status).toBe('confirmed');
    await page.getByRole('button', { name: `Cancel booking #${id}` }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('This booking is cancelled: it can no longer be changed.').waitFor();
    expect((await suite.server.api('GET', `/v1/bookings/${id}`)).body.status).toBe('cancelled');
  });

  it('releases a hold only once confirmed', async () => {
    await holdForAnotherCart(suite.server, 'admin-release-cart', [
      { variant: SINGLE_KAYAK, start: day(suite.today, OFFSET.hold), quantity: 1 },
    ]);
    const { body: holds } = await suite.server.api('GET', '/v1/reservations?cart_token=admin-release-cart');
    const hold = holds[0].id as number;
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Bookings and holds', 'Bookings');
    await page.getByRole('button', { name: `Release hold #${hold}` }).click();
    await page.getByText(`Release hold #${hold}? The shopper's cart loses these units`).waitFor();
    await expect.poll(() => focusedName(page)).toBe('Yes, release it');
    await expectAccessibleAtBothWidths(page, 'Release asking first');
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect(
      (await suite.server.api('GET', '/v1/reservations?cart_token=admin-release-cart&active=true')).body,
    ).toHaveLength(1);
    await page.getByRole('button', { name: `Release hold #${hold}` }).click();
    await page.getByRole('button', { name: 'Yes, release it' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Hold #${hold} released.` })
      .waitFor();
    const after = (await suite.server.api('GET', '/v1/reservations?cart_token=admin-release-cart&active=true')).body;
    expect(after.filter((r: { items: unknown[] }) => r.items.length > 0)).toEqual([]);
  });

  // Awaits the service branch (issue 30, C): GET /v1/customers and /v1/customers/{id}.
  it('searches the customers and opens one with their bookings', async () => {
    const id = await book(SINGLE_KAYAK, day(suite.today, OFFSET.customers), 1, 'searchable.sue@example.com');
    await book(SINGLE_KAYAK, day(suite.today, OFFSET.customers), 1, 'other.otto@example.com');
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Customers');
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('searchable');
    const sue = page.getByRole('link', { name: 'searchable.sue Guest' });
    await sue.waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'other.otto Guest' }).count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'Customers searched');
    await sue.click();
    await page.getByRole('heading', { name: 'searchable.sue Guest', level: 2 }).waitFor();
    await expectAccessibleAtBothWidths(page, 'a customer with their bookings');
    await page.getByRole('link', { name: new RegExp(`^Booking #${id} `) }).click();
    await page.getByRole('heading', { name: `Booking #${id}`, level: 2 }).waitFor();
  });
});
