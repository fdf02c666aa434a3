/**
 * Issue 18: the merchant admin in Chromium, signed in through its form: every screen renders
 * without serious axe violations at desktop and phone widths; the token never stays in the
 * page; occupancy shows booked and held units; bookings list what is coming, a page at a time;
 * a blackout is added, tokens made and revoked (with what that stops said first); the embed
 * snippet is right; actions work by keyboard alone; and a page of another origin cannot use the
 * session. Editing the catalogue, widgets and blackouts: admin-configure.test.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import {
  clickScreenLink,
  OWNER,
  SCREENS,
  expectAccessibleAtBothWidths,
  focusedName,
  openScreen,
  signIn,
  tabUntil,
} from './helpers/admin.ts';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { DOUBLE_KAYAK, SECRET, SINGLE_KAYAK, TOUR_ADULT, day } from './helpers/fixture.ts';
import { PHONE } from './helpers/page.ts';
import { holdForAnotherCart } from './helpers/server.ts';
import { useStorefront } from './helpers/suite.ts';

describeInBrowser('the merchant admin', () => {
  const suite = useStorefront();

  it('signs in with an email address and password, the password emptied from the field before it is sent and kept in no storage, cookie or field, and every screen passes axe at 1280 and 390 px', async () => {
    for (const viewport of [undefined, PHONE]) {
      // axe is injected as a script, which the admin's CSP would rightly refuse.
      const { page, pageErrors } = await suite.open({ bypassCSP: true, ...(viewport && { viewport }) });
      /** Every place script can read a string from, with the ones holding `secret` named. */
      const holding = (secret: string) =>
        page.evaluate((secret) => {
          const places: [string, string | null][] = [
            ...[localStorage, sessionStorage].flatMap((store, n) =>
              Object.keys(store).map((k): [string, string | null] => [
                `${n ? 'session' : 'local'}Storage ${k}`,
                `${k}=${store.getItem(k)}`,
              ]),
            ),
            ['document.cookie', document.cookie],
            ['location', location.href],
            ['history.state', JSON.stringify(history.state)],
            ['page', document.documentElement.outerHTML],
            ...[...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map(
              (el): [string, string] => [`field ${el.id || el.name}`, el.value],
            ),
          ];
          return places.filter(([, text]) => text?.includes(secret)).map(([where]) => where);
        }, secret);
      let fieldWhenSent: string | undefined;
      await page.route('**/admin/session', async (route) => {
        if (route.request().method() === 'POST') fieldWhenSent = await page.getByLabel('Password').inputValue();
        await route.continue();
      });
      await page.goto('/admin/');
      expect(await seriousAxeViolations(page), `the sign-in form at ${viewport ? 390 : 1280} px`).toEqual([]);
      // A refused password: the field is empty afterwards too, and the refusal stands beside it.
      await page.getByLabel('Email address').fill(OWNER.email);
      await page.getByLabel('Password').fill('wrong-password-for-the-e2e-suite');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      // The refusal comes after scrypt checks the password and Activity records the attempt: a few
      // hundred ms, past expect.poll's default second on a busy CI machine.
      await expect
        .poll(() => page.getByLabel('Password').getAttribute('aria-invalid'), { timeout: 10_000 })
        .toBe('true');
      expect(await page.getByLabel('Password').inputValue()).toBe('');
      expect(await holding('wrong-password-for')).toEqual([]);
      await page.getByLabel('Password').fill(OWNER.password);
      // The typed password is readable in the field until the click: the check below can fail.
      expect(await holding(OWNER.password)).toEqual([`field ${await page.getByLabel('Password').getAttribute('id')}`]);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Harbour Kayaks: bookings admin' }).waitFor();
      expect(fieldWhenSent).toBe('');
      expect(await holding(OWNER.password)).toEqual([]);
      for (const name of SCREENS) {
        // At 390 px the list is behind "Menu": clickScreenLink opens it as a merchant would.
        await clickScreenLink(page, name);
        await page.getByRole('heading', { level: 2 }).first().waitFor();
        // Each screen says "Loading…" until its data is in.
        await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));
        expect(await seriousAxeViolations(page), `${name} at ${viewport ? 390 : 1280} px`).toEqual([]);
        if (viewport)
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `${name} fits 390 px`,
          ).toBeLessThanOrEqual(PHONE.width + 1);
      }
      expect(pageErrors).toEqual([]);
    }
  });

  it("occupancy shows each day's booked and held units, and cancelling a booking frees its day", async () => {
    const date = day(suite.today, 4);
    const made = await fetch(`${suite.server.url}/v1/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        starts_at: `${date} 09:00`,
        finishes_at: `${date} 17:00`,
        items: [{ external_id: DOUBLE_KAYAK, quantity: 2 }],
        customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada.admin@example.com' }],
      }),
    });
    expect(made.status).toBe(201);
    const booking = (await made.json()) as { id: number };
    await holdForAnotherCart(suite.server, 'occupancy-cart', [{ variant: SINGLE_KAYAK, start: date, quantity: 1 }]);
    const { page } = await suite.open();
    await signIn(page);
    await openScreen(page, 'Occupancy');
    const cellOf = (variant: RegExp) =>
      page
        .locator('tr', { has: page.getByRole('rowheader', { name: variant }) })
        .locator('td')
        .nth(4);
    const cell = () => cellOf(/Double kayak/);
    /** What a sighted merchant reads in a cell (the words for screen readers are hidden). */
    const seen = (variant: RegExp) => cellOf(variant).locator('[aria-hidden="true"]').innerText();
    await expect.poll(() => cell().textContent()).toContain('0 of 2 free, 2 booked');
    expect((await seen(/Double kayak/)).split(/\s+/)).toEqual(['0/2', '2b']);
    expect((await seen(/Single kayak/)).split(/\s+/)).toEqual(['3/4', '1h']);
    await clickScreenLink(page, 'Bookings and holds');
    await page.getByRole('searchbox', { name: 'Search' }).fill('ada.admin');
    await page.getByText(`#${booking.id} ·`).click();
    await page.getByRole('button', { name: `Cancel booking #${booking.id}` }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Booking #${booking.id} cancelled` })
      .waitFor();
    await clickScreenLink(page, 'Occupancy');
    await expect.poll(() => cell().textContent()).toContain('2 of 2 free, 0 booked');
    expect(await seen(/Double kayak/)).toBe('2/2');
  });

  it('adds a blackout from the form, makes and revokes a publishable token, and fills the embed snippet', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await clickScreenLink(page, 'Blackouts');
    await page.getByRole('button', { name: 'Add a blackout' }).click();
    const form = page.getByRole('form', { name: 'Add a blackout' });
    await form.getByLabel('Title (only you see it)').fill('Staff training');
    await form.getByLabel('First day').fill(day(suite.today, 20));
    await form.getByLabel('Last day').fill(day(suite.today, 21));
    await form.getByRole('button', { name: 'Add blackout' }).click();
    await page.getByRole('status').filter({ hasText: 'Blackout “Staff training” added.' }).waitFor();
    await page.getByRole('button', { name: 'Delete “Staff training”' }).waitFor();

    await clickScreenLink(page, 'Tokens');
    await page.getByLabel('Label').fill('Pop-up site');
    await page.getByLabel('Sites that may use it').fill('https://popup.example');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = (await page.locator('.token-once code').textContent())!;
    expect(shown).toMatch(/^pk_live_/);
    const hint = `pk_…${shown.slice(-4)}`;
    await page.getByRole('button', { name: `Revoke ${hint}` }).click();
    await page.getByRole('button', { name: `Yes, revoke ${hint}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Token ${hint} revoked.` })
      .waitFor();

    await openScreen(page, 'Install');
    // Only hashes are kept: the screen says a token is shown once, and its Details say why.
    await page.getByText('for your safety a token is shown only once').waitFor();
    await page.locator('summary', { hasText: 'about tokens' }).click();
    await page.getByText('it cannot show you a token again once it has been made').waitFor();
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
      body: JSON.stringify({
        starts_at: `${date} 09:00`,
        finishes_at: `${date} 17:00`,
        items: [{ external_id: SINGLE_KAYAK, quantity: 1 }],
        customers: [{ first_name: 'Kay', last_name: 'Board', email: 'kay.keys@example.com' }],
      }),
    });
    const booking = (await made.json()) as { id: number };
    const held = await fetch(`${suite.server.url}/v1/reservations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        cart_token: 'keyboard-cart',
        items: [{ external_id: SINGLE_KAYAK, start: day(suite.today, 6), quantity: 1 }],
      }),
    });
    const hold = (await held.json()) as { id: number };
    const token = await fetch(`${suite.server.url}/v1/tokens`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ kind: 'publishable', label: 'Keyboard', origins: ['https://keys.example'] }),
    });
    const { hint } = (await token.json()) as { hint: string };

    const { page, pageErrors } = await suite.open();
    const focused = () => focusedName(page);
    const tabTo = (name: string | RegExp) => tabUntil(page, name);

    await page.goto('/admin/');
    await tabTo('Email address');
    await page.keyboard.type(OWNER.email);
    await tabTo('Password');
    await page.keyboard.type(OWNER.password);
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
    // Releasing asks first, as cancelling does.
    await expect.poll(focused).toBe('Yes, release it');
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

  it('a page of another origin cannot use the signed-in session: its write and its read are refused', async () => {
    // The other origin is this host on another port: the same site, so the SameSite=Strict
    // cookie is sent with its requests, and only the service's Origin check stands in the way.
    const other = createServer((_, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Another site</title><p>Another site'),
    );
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const { page, context } = await suite.open();
      await signIn(page);
      const cookie = (await context.cookies()).find((c) => c.name === 'bw_admin')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      const attacker = await context.newPage();
      await attacker.goto(`http://localhost:${(other.address() as AddressInfo).port}/`);
      const before = suite.server.apiLog.length;
      const outcome = await attacker.evaluate(async (api) => {
        // A "simple" request (no preflight) the browser sends with the cookie; its answer is opaque.
        await fetch(`${api}/v1/blackouts`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ title: 'Forged', starts_at: '2027-01-05', finishes_at: '2027-01-06' }),
        });
        const read = await fetch(`${api}/v1/tokens`, { credentials: 'include' }).then(
          (r) => `read ${r.status}`,
          () => 'read blocked',
        );
        return read;
      }, suite.server.url);
      expect(outcome).toBe('read blocked');
      // Without the cookie both would be 401: 403 shows it was sent and refused.
      expect(suite.server.apiLog.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
        'POST /v1/blackouts 403',
        'GET /v1/tokens 403',
      ]);
      expect(
        ((await suite.server.api('GET', '/v1/blackouts')).body as { title: string }[]).map((b) => b.title),
      ).not.toContain('Forged');
      // The session itself still works from the admin page.
      await openScreen(page, 'Tokens');
      await page
        .getByRole('button', { name: /^Revoke / })
        .first()
        .waitFor();
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('lists coming bookings first, a page at a time, with the past ones under "All"', async () => {
    const book = async (date: string, email: string) => {
      const made = await suite.server.api('POST', '/v1/bookings', {
        starts_at: `${date} 09:00`,
        finishes_at: `${date} 17:00`,
        items: [{ external_id: TOUR_ADULT, quantity: 1 }],
        customers: [{ first_name: 'Pat', last_name: 'Page', email }],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    };
    // A booking in the past can only be made while the service's clock stands before it.
    const back = 20 * 24 * 3600 * 1000;
    suite.server.clock.advance(-back);
    try {
      await book(day(suite.today, -5), 'past.pat@example.com');
    } finally {
      suite.server.clock.advance(back);
    }
    for (let i = 1; i <= 26; i++) await book(day(suite.today, 30 + i), `tour${i}@example.com`);

    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Bookings and holds', 'Bookings');
    const shown = page.getByRole('status').filter({ hasText: /^Bookings \d+–\d+ of \d+$/ });
    await shown.waitFor();
    const total = Number(/ of (\d+)$/.exec((await shown.textContent())!)![1]);
    expect(total).toBeGreaterThanOrEqual(26);
    expect(await shown.textContent()).toBe(`Bookings 1–25 of ${total}`);
    const list = page.locator('main ul.list').first();
    expect(await list.textContent()).not.toContain('past.pat@example.com');
    expect(await list.textContent()).not.toContain('tour26@example.com');

    await page.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shown.textContent()).toBe(`Bookings 26–${total} of ${total}`);
    expect(await list.textContent()).toContain('tour26@example.com');
    expect(await page.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => focusedName(page)).toBe('Next page');
    await expectAccessibleAtBothWidths(page, 'Bookings, second page');
    await tabUntil(page, 'Previous page');
    await page.keyboard.press('Enter');
    await expect.poll(() => shown.textContent()).toBe(`Bookings 1–25 of ${total}`);

    await page.getByLabel('Show').selectOption({ label: 'All: from the oldest' });
    await expect.poll(() => shown.textContent()).toBe(`Bookings 1–25 of ${total + 1}`);
    expect(await list.locator('li').first().textContent()).toContain('past.pat@example.com');
  });

  it('revoking a secret token says servers using it are refused, and the person revoking it stays signed in', async () => {
    const made = await suite.server.api('POST', '/v1/tokens', { kind: 'secret', label: 'Second server' });
    expect(made.status).toBe(201);
    const { hint } = made.body as { token: string; hint: string };
    const { page } = await suite.open();
    await signIn(page);
    await openScreen(page, 'Tokens');
    await page.getByRole('button', { name: `Revoke ${hint}` }).click();
    await page
      .getByText(`Revoke ${hint}? Software using it stops working at once. No one is signed out of this admin.`)
      .waitFor();
    await page.getByRole('button', { name: `Yes, revoke ${hint}` }).click();
    await page.getByText(`Token ${hint} revoked.`).waitFor();
    expect(await page.getByRole('heading', { name: 'Harbour Kayaks: bookings admin' }).count()).toBe(1);
    expect(((await suite.server.api('GET', '/v1/tokens')).body as { hint: string }[]).map((t) => t.hint)).not.toContain(
      hint,
    );
  });
});
