/**
 * Issue 18: the merchant admin in Chromium, signed in through its form: every screen renders
 * without serious axe violations at desktop and phone widths, a cancelled booking frees its day
 * in occupancy, a blackout is added, a token made and revoked, the embed snippet is right, the
 * token never stays in the page, every action works by keyboard alone, and a cross-site write
 * with the cookie is refused.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { DOUBLE_KAYAK, SECRET, SINGLE_KAYAK, day } from './helpers/fixture.ts';
import { PHONE } from './helpers/page.ts';
import { useStorefront } from './helpers/suite.ts';

const SCREENS = ['Occupancy', 'Bookings and holds', 'Blackouts', 'Products', 'Widgets', 'Tokens', 'Install', 'Shop'];

async function signIn(page: Page): Promise<void> {
  await page.goto('/admin/');
  await page.getByLabel('Secret token').fill(SECRET);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Harbour Kayaks: bookings admin' }).waitFor();
}

describeInBrowser('the merchant admin', () => {
  const suite = useStorefront();

  it('signs in with the secret token, which stays in neither storage nor the page, and every screen passes axe at 1280 and 390 px', async () => {
    for (const viewport of [undefined, PHONE]) {
      // axe is injected as a script, which the admin's CSP would rightly refuse.
      const { page, pageErrors } = await suite.open({ bypassCSP: true, ...(viewport && { viewport }) });
      await signIn(page);
      const stored = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.documentElement.outerHTML, document.cookie]));
      expect(stored).not.toContain(SECRET);
      for (const name of SCREENS) {
        await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name }).click();
        await page.getByRole('heading', { level: 2 }).first().waitFor();
        // Each screen says "Loading…" until its data is in.
        await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));
        expect(await seriousAxeViolations(page), `${name} at ${viewport ? 390 : 1280} px`).toEqual([]);
        if (viewport) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits 390 px`).toBeLessThanOrEqual(PHONE.width + 1);
      }
      expect(pageErrors).toEqual([]);
    }
  });

  it('cancelling a booking frees its day in occupancy', async () => {
    const date = day(suite.today, 4);
    const made = await fetch(`${suite.server.url}/v1/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ starts_at: `${date} 09:00`, finishes_at: `${date} 17:00`, items: [{ external_id: DOUBLE_KAYAK, quantity: 2 }], customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada.admin@example.com' }] }),
    });
    expect(made.status).toBe(201);
    const booking = (await made.json()) as { id: number };
    const { page } = await suite.open();
    await signIn(page);
    const cell = () => page.locator('tr', { has: page.getByRole('rowheader', { name: /Double kayak/ }) }).locator('td').nth(4);
    await expect.poll(() => cell().textContent()).toContain('0 of 2 free, 2 booked');
    await page.getByRole('link', { name: 'Bookings and holds' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('ada.admin');
    await page.getByText(`#${booking.id} ·`).click();
    await page.getByRole('button', { name: `Cancel booking #${booking.id}` }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByRole('status').filter({ hasText: `Booking #${booking.id} cancelled` }).waitFor();
    await page.getByRole('link', { name: 'Occupancy' }).click();
    await expect.poll(() => cell().textContent()).toContain('2 of 2 free, 0 booked');
  });

  it('adds a blackout from the form, makes and revokes a publishable token, and fills the embed snippet', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await page.getByRole('link', { name: 'Blackouts' }).click();
    await page.getByRole('button', { name: 'Add a blackout' }).click();
    const form = page.getByRole('form', { name: 'Add a blackout' });
    await form.getByLabel('Title (shoppers see it)').fill('Staff training');
    await form.getByLabel('First day').fill(day(suite.today, 20));
    await form.getByLabel('Last day').fill(day(suite.today, 21));
    await form.getByRole('button', { name: 'Add blackout' }).click();
    await page.getByRole('status').filter({ hasText: 'Blackout “Staff training” added.' }).waitFor();
    await page.getByRole('button', { name: 'Delete “Staff training”' }).waitFor();

    await page.getByRole('link', { name: 'Tokens' }).click();
    await page.getByLabel('Label').fill('Pop-up site');
    await page.getByLabel('Sites that may use it').fill('https://popup.example');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = (await page.locator('.token-once code').textContent())!;
    expect(shown).toMatch(/^pk_live_/);
    const hint = `pk_…${shown.slice(-4)}`;
    await page.getByRole('button', { name: `Revoke ${hint}` }).click();
    await page.getByRole('button', { name: `Yes, revoke ${hint}` }).click();
    await page.getByRole('status').filter({ hasText: `Token ${hint} revoked.` }).waitFor();

    await page.getByRole('link', { name: 'Install' }).click();
    await page.getByLabel('Publishable token', { exact: true }).fill('pk_test_snippet');
    const snippet = await page.getByLabel('Embed snippet').textContent();
    expect(snippet).toContain(`<script src="${suite.server.url}/booking-widget.js" defer></script>`);
    expect(snippet).toContain('token="pk_test_snippet"');
  });

  it('every action by keyboard alone: sign in, find and cancel a booking, release a hold, revoke a token, with the focus never left on the page body', async () => {
    const date = day(suite.today, 5);
    const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };
    const made = await fetch(`${suite.server.url}/v1/bookings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ starts_at: `${date} 09:00`, finishes_at: `${date} 17:00`, items: [{ external_id: SINGLE_KAYAK, quantity: 1 }], customers: [{ first_name: 'Kay', last_name: 'Board', email: 'kay.keys@example.com' }] }),
    });
    const booking = (await made.json()) as { id: number };
    const held = await fetch(`${suite.server.url}/v1/reservations`, { method: 'POST', headers, body: JSON.stringify({ cart_token: 'keyboard-cart', items: [{ external_id: SINGLE_KAYAK, start: day(suite.today, 6), quantity: 1 }] }) });
    const hold = (await held.json()) as { id: number };
    const token = await fetch(`${suite.server.url}/v1/tokens`, { method: 'POST', headers, body: JSON.stringify({ kind: 'publishable', label: 'Keyboard', origins: ['https://keys.example'] }) });
    const { hint } = (await token.json()) as { hint: string };

    const { page, pageErrors } = await suite.open();
    /** The focused element's name: its label, aria-label or text. */
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
        if (!el || el === document.body) return 'BODY';
        return (el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? '').trim();
      });
    /** Presses Tab until the focused element's name matches; fails when it is never reached. */
    const tabTo = async (name: string | RegExp) => {
      for (let i = 0; i < 150; i++) {
        await page.keyboard.press('Tab');
        const now = await focused();
        if (typeof name === 'string' ? now === name : name.test(now)) return;
      }
      throw new Error(`Tab never reached ${name}`);
    };

    await page.goto('/admin/');
    await tabTo('Secret token');
    await page.keyboard.type(SECRET);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Harbour Kayaks: bookings admin' }).waitFor();

    await tabTo('Bookings and holds');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bookings', level: 2 }).waitFor();
    await tabTo('Search');
    await page.keyboard.type('kay.keys');
    await page.getByText(`#${booking.id} ·`).waitFor();
    await tabTo(new RegExp(`^#${booking.id} ·`));
    await page.keyboard.press('Enter');
    await tabTo(`Cancel booking #${booking.id}`);
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Yes, cancel it');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe(`Booking #${booking.id} cancelled; its units are free again.`);

    await tabTo(`Release hold #${hold.id}`);
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe(`Hold #${hold.id} released.`);

    await tabTo('Tokens');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Tokens', level: 2 }).waitFor();
    await tabTo(`Revoke ${hint}`);
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe(`Yes, revoke ${hint}`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Keep it: the focus goes back to the button.
    await expect.poll(focused).toBe(`Revoke ${hint}`);
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe(`Yes, revoke ${hint}`);
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe(`Token ${hint} revoked.`);
    expect(pageErrors).toEqual([]);

    const after = async (path: string) => (await fetch(`${suite.server.url}${path}`, { headers })).json();
    expect(((await after(`/v1/bookings/${booking.id}`)) as { status: string }).status).toBe('cancelled');
    expect(((await after('/v1/tokens')) as { hint: string }[]).map((t) => t.hint)).not.toContain(hint);
  });

  it('connects the shop to Shopify from the Shop screen: a bad domain is named beside its field, a good one is saved, the secret shows only as set', async () => {
    const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };
    const before = (await (await fetch(`${suite.server.url}/v1/shop`, { headers })).json()) as { shopify: { domain: string | null } };
    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    try {
      await signIn(page);
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Shop' }).click();
      const form = page.getByRole('form', { name: 'Shop settings' });
      await form.getByLabel('Shopify domain').fill('harbour.example.com');
      await form.getByLabel('Shopify API secret').fill('shpss_from_the_form');
      await form.getByRole('button', { name: 'Save shop settings' }).click();
      await form.getByText("must be the shop's myshopify.com domain").waitFor();
      expect(await form.getByLabel('Shopify domain').getAttribute('aria-invalid')).toBe('true');
      expect(await seriousAxeViolations(page), 'Shop with a field error').toEqual([]);
      await form.getByLabel('Shopify domain').fill('harbour-admin.myshopify.com');
      await form.getByRole('button', { name: 'Save shop settings' }).click();
      await page.getByRole('status').filter({ hasText: 'Shop settings saved.' }).waitFor();
      await form.getByText("The app's client secret: set.").waitFor();
      expect(await form.getByLabel('Shopify API secret').inputValue()).toBe('');
      expect(await page.content()).not.toContain('shpss_from_the_form');
      const saved = (await (await fetch(`${suite.server.url}/v1/shop`, { headers })).json()) as { shopify: unknown };
      expect(saved.shopify).toEqual({ domain: 'harbour-admin.myshopify.com', api_secret_set: true });
      expect(await seriousAxeViolations(page), 'Shop after saving').toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      // Other tests share the shop: its Shopify settings go back as they were.
      await fetch(`${suite.server.url}/v1/shop`, { method: 'PUT', headers, body: JSON.stringify({ shopify: before.shopify.domain ? { domain: before.shopify.domain } : null }) });
    }
  });

  it('refuses a write with the session cookie from another site', async () => {
    const { page, context } = await suite.open();
    await signIn(page);
    const cookie = (await context.cookies()).find((c) => c.name === 'bw_admin')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const forged = await fetch(`${suite.server.url}/v1/blackouts`, {
      method: 'POST',
      headers: { cookie: `bw_admin=${cookie.value}`, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Forged', starts_at: '2027-01-05', finishes_at: '2027-01-06' }),
    });
    expect(forged.status).toBe(403);
  });
});
