/**
 * Issue 18: the merchant admin in Chromium, signed in through its form: every screen renders
 * without serious axe violations at desktop and phone widths; occupancy shows booked and held
 * units; bookings list what is coming, a page at a time; products, variants, widgets and
 * blackouts are edited, created and deleted (an emptied number is never sent); the widget
 * preview follows its settings; tokens are made and revoked; the embed snippet is right; the
 * token never stays in the page; actions work by keyboard alone; and a page of another origin
 * cannot use the session.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { DOUBLE_KAYAK, KAYAK_PRODUCT, SECRET, SINGLE_KAYAK, TOUR_ADULT, TOUR_CHILD, TOUR_PRODUCT, day } from './helpers/fixture.ts';
import { DESKTOP, PHONE } from './helpers/page.ts';
import { monthHeading, waitForCalendar } from './helpers/widget.ts';
import { holdForAnotherCart } from './helpers/server.ts';
import { useStorefront } from './helpers/suite.ts';

const SCREENS = ['Occupancy', 'Bookings and holds', 'Blackouts', 'Products', 'Widgets', 'Tokens', 'Install'];

async function signIn(page: Page): Promise<void> {
  await page.goto('/admin/');
  await page.getByLabel('Secret token').fill(SECRET);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Harbour Kayaks: bookings admin' }).waitFor();
}

/** The focused element's name: its label, aria-label or text; 'BODY' when nothing has focus. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
    if (!el || el === document.body) return 'BODY';
    return (el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? '').trim();
  });
}

/** Presses Tab until the focused element's name matches; fails when it is never reached. */
async function tabUntil(page: Page, name: string | RegExp): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    const now = await focusedName(page);
    if (typeof name === 'string' ? now === name : name.test(now)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** The error messages a field's aria-describedby points to (shown beside it), joined. */
function errorBeside(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .filter((e) => e?.classList.contains('error'))
      .map((e) => e!.textContent)
      .join('; '),
  );
}

/**
 * Runs axe over the page as it stands at 1280 px and at 390 px (no serious or critical
 * violation, no sideways scroll of the page at 390), then restores the width. The page must be
 * opened with `bypassCSP` (axe is injected as a script).
 */
async function expectAccessibleAtBothWidths(page: Page, what: string): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    expect(await seriousAxeViolations(page), `${what} at ${size.width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} fits ${size.width} px`).toBeLessThanOrEqual(size.width + 1);
  }
  await page.setViewportSize(DESKTOP);
}

/** Opens a screen from the navigation and waits for its heading. */
async function openScreen(page: Page, name: string, heading = name): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
}

describeInBrowser('the merchant admin', () => {
  const suite = useStorefront();

  it('signs in with the secret token, which is emptied from the field before it is sent and kept in no storage, cookie or field, and every screen passes axe at 1280 and 390 px', async () => {
    for (const viewport of [undefined, PHONE]) {
      // axe is injected as a script, which the admin's CSP would rightly refuse.
      const { page, pageErrors } = await suite.open({ bypassCSP: true, ...(viewport && { viewport }) });
      /** Every place script can read a string from, with the ones holding `secret` named. */
      const holding = (secret: string) =>
        page.evaluate((secret) => {
          const places: [string, string | null][] = [
            ...[localStorage, sessionStorage].flatMap((store, n) => Object.keys(store).map((k): [string, string | null] => [`${n ? 'session' : 'local'}Storage ${k}`, `${k}=${store.getItem(k)}`])),
            ['document.cookie', document.cookie],
            ['location', location.href],
            ['history.state', JSON.stringify(history.state)],
            ['page', document.documentElement.outerHTML],
            ...[...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map((el): [string, string] => [`field ${el.id || el.name}`, el.value]),
          ];
          return places.filter(([, text]) => text?.includes(secret)).map(([where]) => where);
        }, secret);
      let fieldWhenSent: string | undefined;
      await page.route('**/admin/session', async (route) => {
        if (route.request().method() === 'POST') fieldWhenSent = await page.getByLabel('Secret token').inputValue();
        await route.continue();
      });
      await page.goto('/admin/');
      // A refused token: the field is empty afterwards too.
      await page.getByLabel('Secret token').fill('sk_wrong_token_for_the_e2e_suite_00000000000');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.getByLabel('Secret token').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Secret token').inputValue()).toBe('');
      expect(await holding('sk_wrong_token')).toEqual([]);
      await page.getByLabel('Secret token').fill(SECRET);
      // The typed token is readable in the field until the click: the check below can fail.
      expect(await holding(SECRET)).toEqual([`field ${await page.getByLabel('Secret token').getAttribute('id')}`]);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Harbour Kayaks: bookings admin' }).waitFor();
      expect(fieldWhenSent).toBe('');
      expect(await holding(SECRET)).toEqual([]);
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

  it('occupancy shows each day\'s booked and held units, and cancelling a booking frees its day', async () => {
    const date = day(suite.today, 4);
    const made = await fetch(`${suite.server.url}/v1/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ starts_at: `${date} 09:00`, finishes_at: `${date} 17:00`, items: [{ external_id: DOUBLE_KAYAK, quantity: 2 }], customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada.admin@example.com' }] }),
    });
    expect(made.status).toBe(201);
    const booking = (await made.json()) as { id: number };
    await holdForAnotherCart(suite.server, 'occupancy-cart', [{ variant: SINGLE_KAYAK, start: date, quantity: 1 }]);
    const { page } = await suite.open();
    await signIn(page);
    const cellOf = (variant: RegExp) => page.locator('tr', { has: page.getByRole('rowheader', { name: variant }) }).locator('td').nth(4);
    const cell = () => cellOf(/Double kayak/);
    /** What a sighted merchant reads in a cell (the words for screen readers are hidden). */
    const seen = (variant: RegExp) => cellOf(variant).locator('[aria-hidden="true"]').innerText();
    await expect.poll(() => cell().textContent()).toContain('0 of 2 free, 2 booked');
    expect((await seen(/Double kayak/)).split(/\s+/)).toEqual(['0/2', '2b']);
    expect((await seen(/Single kayak/)).split(/\s+/)).toEqual(['3/4', '1h']);
    await page.getByRole('link', { name: 'Bookings and holds' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('ada.admin');
    await page.getByText(`#${booking.id} ·`).click();
    await page.getByRole('button', { name: `Cancel booking #${booking.id}` }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByRole('status').filter({ hasText: `Booking #${booking.id} cancelled` }).waitFor();
    await page.getByRole('link', { name: 'Occupancy' }).click();
    await expect.poll(() => cell().textContent()).toContain('2 of 2 free, 0 booked');
    expect(await seen(/Double kayak/)).toBe('2/2');
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
    // Only hashes are kept: the screen says why the token must be pasted or made anew.
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
      body: JSON.stringify({ starts_at: `${date} 09:00`, finishes_at: `${date} 17:00`, items: [{ external_id: SINGLE_KAYAK, quantity: 1 }], customers: [{ first_name: 'Kay', last_name: 'Board', email: 'kay.keys@example.com' }] }),
    });
    const booking = (await made.json()) as { id: number };
    const held = await fetch(`${suite.server.url}/v1/reservations`, { method: 'POST', headers, body: JSON.stringify({ cart_token: 'keyboard-cart', items: [{ external_id: SINGLE_KAYAK, start: day(suite.today, 6), quantity: 1 }] }) });
    const hold = (await held.json()) as { id: number };
    const token = await fetch(`${suite.server.url}/v1/tokens`, { method: 'POST', headers, body: JSON.stringify({ kind: 'publishable', label: 'Keyboard', origins: ['https://keys.example'] }) });
    const { hint } = (await token.json()) as { hint: string };

    const { page, pageErrors } = await suite.open();
    const focused = () => focusedName(page);
    const tabTo = (name: string | RegExp) => tabUntil(page, name);

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

  it('a page of another origin cannot use the signed-in session: its write and its read are refused', async () => {
    // The other origin is this host on another port: the same site, so the SameSite=Strict
    // cookie is sent with its requests, and only the service's Origin check stands in the way.
    const other = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Another site</title><p>Another site'));
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
        await fetch(`${api}/v1/blackouts`, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ title: 'Forged', starts_at: '2027-01-05', finishes_at: '2027-01-06' }) });
        const read = await fetch(`${api}/v1/tokens`, { credentials: 'include' }).then((r) => `read ${r.status}`, () => 'read blocked');
        return read;
      }, suite.server.url);
      expect(outcome).toBe('read blocked');
      // Without the cookie both would be 401: 403 shows it was sent and refused.
      expect(suite.server.apiLog.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['POST /v1/blackouts 403', 'GET /v1/tokens 403']);
      expect(((await suite.server.api('GET', '/v1/blackouts')).body as { title: string }[]).map((b) => b.title)).not.toContain('Forged');
      // The session itself still works from the admin page.
      await openScreen(page, 'Tokens');
      await page.getByRole('button', { name: /^Revoke / }).first().waitFor();
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('a cleared capacity is an error beside the field and nothing is saved; a capacity typed by keyboard is saved', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await openScreen(page, 'Products');
    const capacity = page.getByLabel('Capacity of Child (8-15) per day');
    await capacity.fill('');
    await page.getByRole('button', { name: 'Save Child (8-15)' }).click();
    await expect.poll(() => capacity.getAttribute('aria-invalid')).toBe('true');
    expect(await errorBeside(capacity)).toBe('enter a whole number');
    await page.getByRole('alert').filter({ hasText: 'Child (8-15) not saved' }).waitFor();
    expect(suite.server.apiLog.filter((r) => r.method === 'PUT' && r.path.startsWith('/v1/variants/'))).toEqual([]);
    const child = async () => ((await suite.server.api('GET', `/v1/products?external_id=${TOUR_PRODUCT}`)).body[0].variants as { external_id: number; capacity: number }[]).find((v) => v.external_id === TOUR_CHILD)!.capacity;
    expect(await child()).toBe(6);

    await capacity.focus();
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedName(page)).toBe('Save Child (8-15)');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Child (8-15): saved, capacity 5 a day.' }).waitFor();
    expect(await child()).toBe(5);
  });

  it('edits a product, adds, renames and deletes a variant, deletes the product, and refuses in words to delete a booked product', async () => {
    const created = await suite.server.api('POST', '/v1/products', { external_id: 7100, title: 'Paddle boards', vendor: 'Harbour', variants: [{ external_id: 8100, title: 'Board', capacity: 4 }] });
    expect(created.status).toBe(201);
    const date = day(suite.today, 7);
    const booked = await suite.server.api('POST', '/v1/bookings', { starts_at: `${date} 09:00`, finishes_at: `${date} 17:00`, items: [{ external_id: SINGLE_KAYAK, quantity: 1 }], customers: [{ first_name: 'Rex', last_name: 'Ord', email: 'rex@example.com' }] });
    expect(booked.status).toBe(201);
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Products');

    await page.getByRole('button', { name: 'Edit Paddle boards' }).click();
    const edit = page.getByRole('form', { name: 'Edit Paddle boards' });
    await expect.poll(() => focusedName(page)).toBe('Title');
    await expectAccessibleAtBothWidths(page, 'Products with a product being edited');
    await edit.getByLabel('Title').fill('Stand-up paddle boards');
    await edit.getByLabel('Vendor').fill('Bay SUP');
    await edit.getByLabel('Product id').fill('7101');
    await edit.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('status').filter({ hasText: 'Stand-up paddle boards saved.' }).waitFor();
    await page.getByRole('heading', { name: 'Stand-up paddle boards (product 7101, Bay SUP)' }).waitFor();

    await page.getByRole('button', { name: 'Add a variant to Stand-up paddle boards' }).click();
    const add = page.getByRole('form', { name: 'Add a variant to Stand-up paddle boards' });
    await add.getByLabel('Variant id').fill('8101');
    await add.getByLabel('Variant title').fill('Family board');
    await add.getByLabel('Capacity a day').fill('');
    await add.getByRole('button', { name: 'Add variant' }).click();
    expect(await errorBeside(add.getByLabel('Capacity a day'))).toBe('enter a whole number');
    await expectAccessibleAtBothWidths(page, 'Products adding a variant, with a field error');
    await add.getByLabel('Capacity a day').fill('2');
    await add.getByRole('button', { name: 'Add variant' }).click();
    await page.getByRole('status').filter({ hasText: 'Family board added to Stand-up paddle boards.' }).waitFor();

    await page.getByLabel('Title of Family board').fill('Big board');
    await page.getByLabel('Platform id of Family board').fill('8102');
    await page.getByRole('button', { name: 'Save Family board' }).click();
    await page.getByRole('status').filter({ hasText: 'Big board: saved, capacity 2 a day.' }).waitFor();
    const saved = (await suite.server.api('GET', '/v1/products?external_id=7101')).body[0];
    expect(saved).toMatchObject({ title: 'Stand-up paddle boards', vendor: 'Bay SUP' });
    expect(saved.variants.map((v: { external_id: number; title: string }) => [v.external_id, v.title])).toEqual([[8100, 'Board'], [8102, 'Big board']]);

    await page.getByRole('button', { name: 'Delete Big board' }).click();
    await page.getByRole('button', { name: 'Yes, delete Big board' }).click();
    await page.getByRole('status').filter({ hasText: 'Big board deleted.' }).waitFor();
    await page.getByRole('button', { name: 'Delete Stand-up paddle boards' }).click();
    await page.getByRole('button', { name: 'Yes, delete Stand-up paddle boards' }).click();
    await page.getByRole('status').filter({ hasText: 'Stand-up paddle boards deleted.' }).waitFor();
    expect((await suite.server.api('GET', '/v1/products?external_id=7101')).body).toEqual([]);

    await page.getByRole('button', { name: 'Delete Kayak hire' }).click();
    await page.getByRole('button', { name: 'Yes, delete Kayak hire' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^Kayak hire cannot be deleted: it has (.*, )?(.* and )?\d+ coming bookings?\b.*Set its capacity to 0/);
    await expect.poll(() => focusedName(page)).toMatch(/^Kayak hire cannot be deleted/);
  });

  it('changes a widget\'s language and first day of the week by keyboard, and the preview beside it follows', async () => {
    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Widgets');
    await page.getByLabel('Widget', { exact: true }).selectOption({ label: 'Sunset paddle tour (date)' });
    const form = page.getByRole('form', { name: 'Settings of Sunset paddle tour' });
    // A date widget books one day: its day limits are not offered (the API refuses any but 1).
    expect(await form.getByLabel('Longest booking, days').count()).toBe(0);
    const preview = page.locator('booking-widget');
    await waitForCalendar(preview);
    const firstColumn = () => preview.getByRole('columnheader').first().textContent();
    expect(await firstColumn()).not.toContain('Mittwoch');

    await form.getByLabel('Language').focus();
    await page.keyboard.type('Deutsch');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedName(page)).toBe('First day of the week');
    await page.keyboard.type('Wednesday');
    await tabUntil(page, 'Save Sunset paddle tour');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: '“Sunset paddle tour” saved; the preview shows it.' }).waitFor();
    await expect.poll(() => focusedName(page)).toBe('Save Sunset paddle tour');

    await expect.poll(firstColumn).toContain('Mittwoch');
    await preview.getByRole('heading', { name: monthHeading(suite.today, 'de') }).waitFor();
    await expectAccessibleAtBothWidths(page, 'Widgets after a save, with the preview');
    const [saved] = (await suite.server.api('GET', `/v1/widgets?external_product_id=${TOUR_PRODUCT}`)).body as { locale: string; settings: { first_day_of_week: number } }[];
    expect(saved).toMatchObject({ locale: 'de', settings: { first_day_of_week: 3 } });
    expect(pageErrors).toEqual([]);
  });

  it('creates a widget for a product added in the admin, keeps an emptied number from being sent, and deletes the widget', async () => {
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Products');
    const addProduct = page.getByRole('form', { name: 'Add a product' });
    await addProduct.getByLabel('Product id').fill('7200');
    await addProduct.getByLabel('Title', { exact: true }).fill('Paddle lessons');
    await addProduct.getByLabel('Variant id').fill('8200');
    await addProduct.getByLabel('Variant title').fill('Lesson');
    await addProduct.getByLabel('Capacity a day').fill('5');
    await addProduct.getByRole('button', { name: 'Add product' }).click();
    await page.getByRole('status').filter({ hasText: 'Paddle lessons added.' }).waitFor();

    await openScreen(page, 'Widgets');
    await page.getByRole('button', { name: 'New widget' }).click();
    const create = page.getByRole('form', { name: 'New widget' });
    await expect.poll(() => focusedName(page)).toBe('Title');
    await page.keyboard.type('Kayak hire');
    await create.getByLabel('Type').selectOption('date');
    await create.getByRole('checkbox', { name: 'Paddle lessons' }).focus();
    await page.keyboard.press('Space');
    await create.getByRole('button', { name: 'Create widget' }).click();
    // A title already taken is an error beside the title.
    const title = create.getByLabel('Title', { exact: true });
    await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
    expect(await errorBeside(title)).toContain('already the title of another widget');
    await expectAccessibleAtBothWidths(page, 'Widgets creating one, with a field error');
    await title.fill('Lessons');
    await create.getByRole('button', { name: 'Create widget' }).press('Enter');
    await page.getByRole('status').filter({ hasText: 'Widget “Lessons” created' }).waitFor();
    expect(await page.getByLabel('Widget', { exact: true }).inputValue()).not.toBe('');
    await page.getByRole('heading', { name: 'Preview: Paddle lessons' }).waitFor();
    await waitForCalendar(page.locator('booking-widget'));
    const made = ((await suite.server.api('GET', '/v1/widgets?external_product_id=7200')).body as { id: number; title: string; type: string }[])[0]!;
    expect(made).toMatchObject({ title: 'Lessons', type: 'date' });

    const form = page.getByRole('form', { name: 'Settings of Lessons' });
    const minutes = form.getByLabel('Minutes a hold lasts');
    await minutes.fill('');
    await form.getByRole('button', { name: 'Save Lessons' }).click();
    await expect.poll(() => minutes.getAttribute('aria-invalid')).toBe('true');
    expect(await errorBeside(minutes)).toBe('enter a whole number');
    expect(suite.server.apiLog.filter((r) => r.method === 'PUT' && r.path === `/v1/widgets/${made.id}`)).toEqual([]);

    await page.getByRole('button', { name: 'Delete Lessons' }).click();
    await expect.poll(() => focusedName(page)).toBe('Yes, delete Lessons');
    await expectAccessibleAtBothWidths(page, 'Widgets asking before a delete');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Widget “Lessons” deleted.' }).waitFor();
    expect((await suite.server.api('GET', `/v1/widgets/${made.id}`)).status).toBe(404);
  });

  it('lists coming bookings first, a page at a time, with the past ones under "All"', async () => {
    const book = async (date: string, email: string) => {
      const made = await suite.server.api('POST', '/v1/bookings', { starts_at: `${date} 09:00`, finishes_at: `${date} 17:00`, items: [{ external_id: TOUR_ADULT, quantity: 1 }], customers: [{ first_name: 'Pat', last_name: 'Page', email }] });
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

  it('names a blackout\'s location, moves it to another location and deletes it, by keyboard', async () => {
    const catalog = (await suite.server.api('GET', '/v1/products')).body as { external_id: number; location_id: number }[];
    const docklands = catalog.find((p) => p.external_id === KAYAK_PRODUCT)!.location_id;
    const pier = catalog.find((p) => p.external_id === TOUR_PRODUCT)!.location_id;
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Blackouts');
    const regatta = page.locator('main ul.list li', { hasText: 'Docklands regatta' });
    await expect.poll(() => regatta.textContent()).toContain(`Location ${docklands} (Kayak hire)`);
    expect(await regatta.textContent()).not.toContain('whole shop');

    await tabUntil(page, 'Edit “Docklands regatta”');
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Edit blackout' });
    await expect.poll(() => focusedName(page)).toBe('Title (shoppers see it)');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Pier works');
    expect(await form.getByLabel('Applies to').inputValue()).toBe(`l:${docklands}`);
    await tabUntil(page, 'Applies to');
    await page.keyboard.type(`Location ${pier}`);
    expect(await form.getByLabel('Applies to').inputValue()).toBe(`l:${pier}`);
    await expectAccessibleAtBothWidths(page, 'Blackouts editing one');
    await tabUntil(page, 'Save blackout');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Blackout “Pier works” saved.' }).waitFor();
    const moved = page.locator('main ul.list li', { hasText: 'Pier works' });
    await expect.poll(() => moved.textContent()).toContain(`Location ${pier} (Sunset paddle tour)`);
    const stored = ((await suite.server.api('GET', '/v1/blackouts')).body as { title: string; location_id: number | null }[]).find((b) => b.title === 'Pier works');
    expect(stored?.location_id).toBe(pier);

    await tabUntil(page, 'Delete “Pier works”');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Yes, delete “Pier works”');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Blackout “Pier works” deleted.');
    expect(((await suite.server.api('GET', '/v1/blackouts')).body as { title: string }[]).map((b) => b.title)).not.toContain('Pier works');
  });

  it('revoking a secret token warns that its sessions end, and revoking the one this session came from signs out at once', async () => {
    const made = await suite.server.api('POST', '/v1/tokens', { kind: 'secret', label: 'Second admin' });
    expect(made.status).toBe(201);
    const { token, hint } = made.body as { token: string; hint: string };
    const { page } = await suite.open();
    await page.goto('/admin/');
    await page.getByLabel('Secret token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await openScreen(page, 'Tokens');
    await page.getByRole('button', { name: `Revoke ${hint}` }).click();
    await page.getByText(`Revoke ${hint}? Servers using it are refused, and every admin session opened with it ends at once: if you signed in with it, you are signed out.`).waitFor();
    await page.getByRole('button', { name: `Yes, revoke ${hint}` }).click();
    await page.getByLabel('Secret token').waitFor();
    expect(await page.getByRole('heading', { name: 'Harbour Kayaks: bookings admin' }).count()).toBe(0);
    expect(((await suite.server.api('GET', '/v1/tokens')).body as { hint: string }[]).map((t) => t.hint)).not.toContain(hint);
  });
});
