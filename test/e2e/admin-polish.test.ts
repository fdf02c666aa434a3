/**
 * Issue 30's rough edges of the merchant admin, in Chromium at 1280 and 390 px: a field's
 * error leaves it level with its neighbours, a blackout's title breaks between words, the
 * navigation is one row on a phone and works by keyboard, a second Create makes no duplicate
 * token, the Install screen keeps what was typed, and destructive actions ask first.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { errorBeside, expectAccessibleAtBothWidths, focusedName, openScreen, signIn } from './helpers/admin.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { day } from './helpers/fixture.ts';
import { DESKTOP, PHONE } from './helpers/page.ts';
import { useStorefront } from './helpers/suite.ts';

/** For each field of the add-product form's first row: its label's and its input's top. */
function fieldTops(page: Page): Promise<{ label: number; input: number }[]> {
  return page
    .getByRole('form', { name: 'Add a product' })
    .locator('.row')
    .first()
    .evaluate((row) =>
      [...row.querySelectorAll(':scope > div')].map((field) => ({
        label: Math.round(field.querySelector('label')!.getBoundingClientRect().top),
        input: Math.round(field.querySelector('input, select')!.getBoundingClientRect().top),
      })),
    );
}

/** The characters after which the element's text moves to a new line. */
function lineBreaksOf(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const text = el.firstChild as Text;
      const range = document.createRange();
      const tops: number[] = [];
      for (let i = 0; i < text.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        tops.push(Math.round(range.getClientRects()[0]?.top ?? Number.NaN));
      }
      const breaks: string[] = [];
      for (let i = 1; i < tops.length; i++) if (tops[i]! > tops[i - 1]!) breaks.push(text.data[i - 1]!);
      return breaks;
    });
}

describeInBrowser('the admin’s rough edges, smoothed (issue 30)', () => {
  const suite = useStorefront();

  it('a field with an error stays level with its neighbours at 1280 and 390 px, its error in the merchant’s words', async () => {
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Products');
    const form = page.getByRole('form', { name: 'Add a product' });
    await form.getByLabel('Product id').fill('7444');
    // Spaces pass the browser's `required`: the service refuses the title it trims to nothing.
    await form.getByLabel('Title', { exact: true }).fill('   ');
    await form.getByRole('button', { name: 'Add product' }).click();
    const title = form.getByLabel('Title', { exact: true });
    await expect.poll(() => errorBeside(title)).toBe('enter a title');
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      const tops = await fieldTops(page);
      // Fields on the same line (labels level) have their inputs level too, the one with the error included.
      const sameLine = tops.filter((t) => t.label === tops[1]!.label);
      if (size === DESKTOP) expect(sameLine.length).toBeGreaterThanOrEqual(2);
      for (const t of sameLine) expect(t.input, `at ${size.width} px`).toBe(sameLine[0]!.input);
    }
    await expectAccessibleAtBothWidths(page, 'Products with a title refused');
  });

  it('at 390 px a blackout’s title in the month breaks between words, never inside one, while a token wraps anywhere', async () => {
    expect(
      (
        await suite.server.api('POST', '/v1/blackouts', {
          title: 'Staff training day',
          starts_at: day(suite.today, 40),
          finishes_at: day(suite.today, 41),
        })
      ).status,
    ).toBe(201);
    const { page } = await suite.open({ viewport: PHONE });
    await signIn(page);
    await openScreen(page, 'Blackouts');
    const next = page.getByRole('button', { name: /next month/i });
    const title = page.locator('.cal .hint', { hasText: 'Staff training day' });
    for (let i = 0; i < 3 && (await title.count()) === 0; i++) await next.click();
    await title.first().waitFor();
    const breaks = await lineBreaksOf(page, '.cal .hint:has-text("Staff training day")');
    expect(breaks.length).toBeGreaterThanOrEqual(1);
    expect(breaks.every((c) => c === ' ')).toBe(true);
    expect(await title.first().evaluate((el) => getComputedStyle(el).overflowWrap)).toBe('normal');
    await openScreen(page, 'Tokens');
    expect(
      await page
        .locator('main code')
        .first()
        .evaluate((el) => getComputedStyle(el).overflowWrap),
    ).toBe('anywhere');
  });

  it('on a phone the navigation is one row, opened with Menu, worked by keyboard and closed by Escape; on a desktop every screen is in view', async () => {
    const { page } = await suite.open({ bypassCSP: true, viewport: PHONE });
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const menu = nav.getByRole('button', { name: /^Menu/ });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.textContent()).toContain('Today');
    expect((await nav.boundingBox())!.height).toBeLessThanOrEqual(52);
    // Menu and Sign out share that row.
    const signOut = page.getByRole('button', { name: 'Sign out' });
    expect(Math.abs((await menu.boundingBox())!.y - (await signOut.boundingBox())!.y)).toBeLessThanOrEqual(2);
    expect(await nav.getByRole('link').first().isVisible()).toBe(false);

    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Shop' }).waitFor();
    // The open list lies over the page: nothing under the header moves.
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Today');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => focusedName(page)).toMatch(/Menu/);
    expect(await nav.getByRole('link').first().isVisible()).toBe(false);

    await page.keyboard.press('Enter');
    for (let i = 0; i < 20 && (await focusedName(page)) !== 'Tokens'; i++) await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Tokens');
    await expectAccessibleAtBothWidths(page, 'the navigation open');
    await page.setViewportSize(PHONE);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Tokens', level: 2 }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.textContent()).toContain('Tokens');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    // A click elsewhere closes it too.
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.locator('header h1').click();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await page.setViewportSize(DESKTOP);
    expect(await menu.isVisible()).toBe(false);
    const links = nav.getByRole('link');
    for (const link of await links.all()) expect(await link.isVisible()).toBe(true);
    // Every link in one row under the shop's name.
    const tops = new Set(await links.evaluateAll((list) => list.map((a) => Math.round(a.getBoundingClientRect().top))));
    expect(tops.size).toBe(1);
  });

  it('a second click on Create makes no second token: the form is emptied once a token is made', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await openScreen(page, 'Tokens');
    const labelled = async () =>
      ((await suite.server.api('GET', '/v1/tokens')).body as { label: string | null }[]).filter(
        (t) => t.label === 'Pop-up stall',
      ).length;
    await page.getByLabel('Label').fill('Pop-up stall');
    await page.getByLabel('Sites that may use it').fill('https://stall.example');
    const create = page.getByRole('button', { name: 'Create token' });
    await create.click();
    await page.getByRole('status').filter({ hasText: 'A new publishable token was made' }).waitFor();
    expect(await page.getByLabel('Label').inputValue()).toBe('');
    expect(await page.getByLabel('Sites that may use it').inputValue()).toBe('');
    await create.click();
    await expect.poll(() => page.locator('.token-once code').count()).toBe(1);
    expect(await labelled()).toBe(1);
  });

  it('the Install screen keeps the token, price and currency when the merchant leaves it and comes back', async () => {
    const { page } = await suite.open({ bypassCSP: true, viewport: PHONE });
    await signIn(page);
    await openScreen(page, 'Install');
    await page.getByLabel('Publishable token', { exact: true }).fill('pk_test_kept');
    await page.getByLabel('Price (optional)').fill('65.00');
    await page.getByLabel('Currency (optional)').fill('AUD');
    await openScreen(page, 'Products');
    await openScreen(page, 'Install');
    expect(await page.getByLabel('Publishable token', { exact: true }).inputValue()).toBe('pk_test_kept');
    expect(await page.getByLabel('Price (optional)').inputValue()).toBe('65.00');
    expect(await page.getByLabel('Currency (optional)').inputValue()).toBe('AUD');
    const snippet = (await page.getByLabel('Embed snippet').textContent())!;
    expect(snippet).toContain('token="pk_test_kept"');
    expect(snippet).toContain('price="65.00"\n  currency="AUD"');
    // The developer's side is behind "Details".
    const details = page.locator('details', { hasText: 'setAttribute' });
    expect(await details.getAttribute('open')).toBeNull();
    await details.locator('summary').click();
    await page.getByText("widget.setAttribute('variant', '<variant id>')").waitFor();
    await expectAccessibleAtBothWidths(page, 'Install with its details open');
  });
});
