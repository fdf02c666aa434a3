/**
 * Issue 18, the merchant admin as a merchant outside the project found it, in Chromium: errors
 * in their words (never an HTTP line) that replace an older success, sites typed one per line
 * with a bad line named, every action of a table within a 390 px screen, and the screens'
 * layout (lists, the blackout calendar, holds by their days). Sign-in, axe on every screen:
 * admin.test.ts; editing products, widgets, blackouts: admin-configure.test.ts.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { errorBeside, expectAccessibleAtBothWidths, openScreen, signIn } from './helpers/admin.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { DOUBLE_KAYAK, KAYAK_PRODUCT, SINGLE_KAYAK, day } from './helpers/fixture.ts';
import { PHONE } from './helpers/page.ts';
import { holdForAnotherCart } from './helpers/server.ts';
import { useStorefront } from './helpers/suite.ts';

/** The left and right edges of each of `buttons`, to compare with the screen's 0..390. */
async function edges(buttons: Locator): Promise<[string, number, number][]> {
  const out: [string, number, number][] = [];
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    out.push([(await button.textContent())!, Math.floor(box.x), Math.ceil(box.x + box.width)]);
  }
  return out;
}

/** The page and each scrolling table box: how far it could scroll sideways (0: not at all). */
function sidewaysScroll(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('main .table-wrap:not(.scrolls)')].map(
      (el) => el.scrollWidth - el.clientWidth,
    ),
  );
}

describeInBrowser('the merchant admin as a merchant finds it', () => {
  const suite = useStorefront();

  it('sites typed one per line: a bad second line is named "Line 2", blank lines are skipped, and a page address is refused by its line', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await openScreen(page, 'Tokens');
    const sites = page.getByLabel('Sites that may use it');
    await page.getByLabel('Label').fill('Three sites');
    await sites.fill('https://one.example\nmy shop site\n\nhttps://two.example');
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect.poll(() => sites.getAttribute('aria-invalid')).toBe('true');
    expect(await errorBeside(sites)).toBe('Line 2: not a web address (like https://www.your-store.com)');
    expect(await page.getByRole('alert').filter({ hasText: /\S/ }).textContent()).toBe(
      'Not made: fix the fields marked below.',
    );
    expect(suite.server.apiLog.filter((r) => r.method === 'POST' && r.path === '/v1/tokens')).toEqual([]);

    // The service refuses a page's address: the line it is on (a blank line before it counts).
    await sites.fill('https://one.example\n\nhttps://two.example/booking');
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect
      .poll(() => errorBeside(sites))
      .toBe("Line 3: only the site's address, like https://www.your-store.com (no page after it)");
    const alert = await page.getByRole('alert').filter({ hasText: /\S/ }).textContent();
    expect(alert).toBe('Not made: fix the fields marked below.');

    await sites.fill('https://one.example\n\nhttps://two.example, https://three.example\n');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('status').filter({ hasText: 'A new publishable token was made' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: /\S/ }).count()).toBe(0);
    const made = ((await suite.server.api('GET', '/v1/tokens')).body as { label: string; origins: string[] }[]).find(
      (t) => t.label === 'Three sites',
    );
    expect(made?.origins).toEqual(['https://one.example', 'https://two.example', 'https://three.example']);
  });

  it("at 390 px each variant's Save and Delete and each token's Revoke are on screen with nothing to scroll sideways, and occupancy keeps the variant in view", async () => {
    const { page } = await suite.open({ viewport: PHONE });
    await signIn(page);
    await openScreen(page, 'Products');
    const variantButtons = page.locator('main table button');
    await variantButtons.first().waitFor();
    const products = await edges(variantButtons);
    expect(products.map(([name]) => name)).toEqual(
      expect.arrayContaining(['Save Single kayak', 'Delete Single kayak', 'Save Child (8-15)', 'Delete Child (8-15)']),
    );
    for (const [name, left, right] of products)
      expect([name, left >= 0, right <= PHONE.width]).toEqual([name, true, true]);
    expect((await sidewaysScroll(page)).every((n) => n <= 1)).toBe(true);

    await openScreen(page, 'Tokens');
    const revoke = page.getByRole('button', { name: /^Revoke / });
    await revoke.first().waitFor();
    const tokens = await edges(revoke);
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    for (const [name, left, right] of tokens)
      expect([name, left >= 0, right <= PHONE.width]).toEqual([name, true, true]);
    expect((await sidewaysScroll(page)).every((n) => n <= 1)).toBe(true);

    await openScreen(page, 'Occupancy');
    const grid = page.getByRole('region', { name: 'Units free by variant and day' });
    await grid.waitFor();
    expect(await page.getByText('scroll the table sideways for more days').isVisible()).toBe(true);
    await grid.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    const name = (await page.getByRole('rowheader', { name: /Single kayak/ }).boundingBox())!;
    expect(name.x).toBeGreaterThanOrEqual(0);
    expect(name.x + name.width).toBeLessThanOrEqual(PHONE.width);
  });

  it('blackouts: a weekday row over seven equal columns, a variant named by its title, entries spaced apart, no empty gap above, sign-out after the navigation and a light focus on the heading', async () => {
    const long = 'Annual hull inspection and safety equipment recertification';
    expect(
      (
        await suite.server.api('POST', '/v1/blackouts', {
          title: long,
          starts_at: suite.today,
          finishes_at: day(suite.today, 1),
          external_variant_id: DOUBLE_KAYAK,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await suite.server.api('POST', '/v1/blackouts', {
          title: 'Short',
          starts_at: day(suite.today, 2),
          finishes_at: day(suite.today, 3),
        })
      ).status,
    ).toBe(201);
    const { page } = await suite.open();
    await signIn(page);
    expect(await page.locator('header > *').last().textContent()).toBe('Sign out');
    await openScreen(page, 'Blackouts');
    const entry = page.locator('main ul.list li', { hasText: long });
    await expect.poll(() => entry.textContent()).toContain('Kayak hire – Double kayak');
    expect(await entry.textContent()).not.toContain(String(DOUBLE_KAYAK));

    // The heading has the focus, shown without an outline box.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    expect(await page.locator('h2').evaluate((h) => getComputedStyle(h).outlineStyle)).toBe('none');
    // Nothing to say: the status lines take no room.
    expect(
      await page.locator('main .status').evaluateAll((list) => list.map((el) => el.getBoundingClientRect().height)),
    ).toEqual([0, 0]);

    const calendar = page.getByRole('region', { name: /^Blackouts in / }).locator('table');
    const headers = await calendar.getByRole('columnheader').allTextContents();
    expect(headers).toHaveLength(7);
    expect(new Set(headers).size).toBe(7);
    // The 1st of the month sits under its own weekday's name, in the shop's language (en).
    const firstCell = calendar.locator('tbody td:not(.out)').first();
    const column = await firstCell.evaluate((td) => (td as HTMLTableCellElement).cellIndex);
    expect(await firstCell.locator('strong').textContent()).toBe('1');
    const weekday = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(`${suite.today.slice(0, 8)}01T00:00:00Z`),
    );
    expect(headers[column]).toBe(weekday);
    const widths = await calendar
      .locator('tbody tr')
      .first()
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => Math.round(td.getBoundingClientRect().width)));
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1);

    // Each entry's actions stand apart from the next entry's words.
    const gaps = await page
      .locator('main ul.list li.entry')
      .evaluateAll((items) =>
        items
          .slice(1)
          .map(
            (li, i) =>
              li.querySelector('.what')!.getBoundingClientRect().top -
              items[i]!.querySelector('.actions')!.getBoundingClientRect().bottom,
          ),
      );
    expect(gaps.length).toBeGreaterThanOrEqual(1);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(8);
  });

  it('Install: making a token for a site shows it once and turns the button into "Make another", so a second click is a choice, not a duplicate', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await openScreen(page, 'Install');
    const labelled = async () =>
      ((await suite.server.api('GET', '/v1/tokens')).body as { label: string | null }[]).filter(
        (t) => t.label === 'Site https://once.example',
      ).length;
    await page.getByLabel("Your site's address").fill('https://once.example');
    await page.getByRole('button', { name: 'Make a publishable token for this site' }).click();
    const another = page.getByRole('button', { name: 'Make another token for this site' });
    await another.waitFor();
    expect(await page.getByRole('button', { name: 'Make a publishable token for this site' }).count()).toBe(0);
    expect(
      await page.getByRole('status').filter({ hasText: 'A token for https://once.example was made' }).textContent(),
    ).toContain('it cannot be shown again');
    const first = await page.getByLabel('Publishable token', { exact: true }).inputValue();
    expect(first).toMatch(/^pk_/);
    expect(await page.getByLabel('Embed snippet').textContent()).toContain(`token="${first}"`);
    expect(await labelled()).toBe(1);

    await another.click();
    await expect.poll(() => page.getByLabel('Publishable token', { exact: true }).inputValue()).not.toBe(first);
    expect(await labelled()).toBe(2);
    // Another site: the first button again.
    await page.getByLabel("Your site's address").fill('https://other.example');
    await page.getByRole('button', { name: 'Make a publishable token for this site' }).waitFor();
  });

  it('a live hold shows the days it holds in the shop\'s zone, counted as its widget counts them, with the product, variant and units: no bare "12:00 AM"', async () => {
    // Kayak hire counts days: held from T+10 up to T+12 (exclusive) is "T+10 – T+11, 2 days".
    await holdForAnotherCart(suite.server, 'days-cart', [
      { variant: SINGLE_KAYAK, start: day(suite.today, 10), finish: day(suite.today, 12), quantity: 2 },
    ]);
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Bookings and holds', 'Bookings');
    const f = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
    const days = f.formatRange(
      new Date(`${day(suite.today, 10)}T00:00:00Z`),
      new Date(`${day(suite.today, 11)}T00:00:00Z`),
    );
    const hold = page.locator('main ul.list > li', { hasText: 'cart days-cart' });
    // Node's Intl and the browser's may space the dash differently (thin or plain spaces).
    const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
    await expect
      .poll(async () => spaced(await hold.textContent()))
      .toContain(spaced(`2 × Kayak hire – Single kayak: ${days} (2 days)`));
    expect(await hold.textContent()).not.toContain('12:00 AM');
    await expectAccessibleAtBothWidths(page, 'Bookings with a live hold');
  });

  it('Install at 390 px: a variant, price and currency go into the snippet with the CSS that reserves the box, and a made token wraps instead of widening the page', async () => {
    const { page } = await suite.open({ bypassCSP: true, viewport: PHONE });
    await signIn(page);
    await openScreen(page, 'Install');
    await page.getByLabel('Product').selectOption({ label: 'Kayak hire' });
    await page.getByLabel('Variant', { exact: true }).selectOption({ label: 'Double kayak' });
    const snippet = page.getByLabel('Embed snippet');
    // Not given: no price or currency in the snippet.
    expect(await snippet.textContent()).not.toMatch(/price=|currency=/);
    await page.getByLabel('Price (optional)').fill('65.00');
    await page.getByLabel('Currency (optional)').fill('aud');
    const text = (await snippet.textContent())!;
    expect(text).toContain(
      `product="${KAYAK_PRODUCT}"\n  variant="${DOUBLE_KAYAK}"\n  price="65.00"\n  currency="AUD"`,
    );
    expect(text).toContain('booking-widget { display: block; box-sizing: content-box; min-height: 32em; }');
    await page.locator('summary', { hasText: 'for your web developer' }).click();
    expect(await page.locator('main').innerText()).toContain(
      "When the shopper picks another variant, your theme tells the widget: widget.setAttribute('variant', '<variant id>')",
    );

    await page.getByLabel("Your site's address").fill('https://a-rather-long-shop-name.example');
    await page.getByRole('button', { name: 'Make a publishable token for this site' }).click();
    await page.getByRole('button', { name: 'Make another token for this site' }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    // The notice breaks between words ("copy", not "co / py"); only a token may break anywhere.
    const notice = page.locator('p.token-once');
    expect(await notice.evaluate((el) => [getComputedStyle(el).wordBreak, getComputedStyle(el).overflowWrap])).toEqual([
      'normal',
      'anywhere',
    ]);
    await expectAccessibleAtBothWidths(page, 'Install with a token made and a price');
  });

  it('Occupancy names the month at its first day and where a month begins, and with no products says to add one', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await openScreen(page, 'Occupancy');
    const headers = page.locator('main table.occ thead th');
    await headers.nth(1).waitFor();
    const shown = (await headers.allTextContents()).slice(1);
    const dates = shown.map((_, i) => day(suite.today, i));
    const month = (d: string) =>
      new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
    const named = shown.map((text, i) => text.includes(month(dates[i]!)));
    expect(named).toEqual(dates.map((d, i) => i === 0 || d.endsWith('-01')));

    await page.route(
      (url) => url.pathname === '/v1/occupancy',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.getByRole('button', { name: 'Next two weeks' }).click();
    await page.getByText('No products yet: add one under Products.').waitFor();
    expect(await page.locator('main table.occ').count()).toBe(0);
  });

  it("Widgets: when the service does not serve the widget's files, the preview says so and how to fix it", async () => {
    const { page } = await suite.open();
    await page.route('**/booking-widget.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await signIn(page);
    await openScreen(page, 'Widgets');
    await page
      .getByRole('alert')
      .filter({ hasText: "The widget's files are not served here: run npm run build, then restart the service." })
      .waitFor();
  });
});
