// "Forgot password?" in a real browser by keyboard (issue 38 point 3): from the sign-in page's
// link to the form (focus on its heading), the same answer in words for any address, a
// malformed address refused by the browser's own check; axe at 1280 and 390 px.
import { expect, it } from 'vitest';
import { errorBeside, expectAccessibleAtBothWidths, focusedName, tabUntil } from './helpers/admin.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { useStorefront } from './helpers/suite.ts';

describeInBrowser('Forgot password in the admin', () => {
  const suite = useStorefront();

  it('is reached and used by keyboard, answers in words, and a malformed address is refused by the browser’s own check', async () => {
    const { page } = await suite.open({ bypassCSP: true });
    await page.goto('/admin/');
    await page.getByRole('heading', { name: 'Bookings admin' }).waitFor();
    await tabUntil(page, 'Forgot password?');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await focusedName(page)).toBe('Forgot your password?');
    await tabUntil(page, 'Email address');
    await page.keyboard.type('owner@harbour');
    await page.keyboard.press('Enter');
    await page.getByText('If an account has this email address').waitFor();
    await expectAccessibleAtBothWidths(page, 'Forgot password, answered');
    // The browser's own check refuses what is no address before anything is sent.
    const field = page.getByLabel('Email address');
    await field.fill('not an address');
    await page.keyboard.press('Enter');
    expect(await field.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    expect(await errorBeside(field)).toBe('');
    await tabUntil(page, 'Back to sign in');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });
});
