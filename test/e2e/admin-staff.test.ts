// Staff accounts in a real browser (issue 30 point 5): the owner invites someone, who opens the
// invitation's link, chooses a name and password and is signed in as staff (no Tokens, no
// Shopify settings); they sign out and in again with the password; the owner sees it in
// Activity; a used sign-in link answers a page in the admin's look. axe at 1280 and 390 px.
import { expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, OWNER, openScreen, signIn } from './helpers/admin.ts';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { PHONE } from './helpers/page.ts';
import { useStorefront } from './helpers/suite.ts';

const SAM = { email: 'sam.e2e@harbour.test', password: 'sam-paddles-e2e', name: 'Sam Rivers' };

describeInBrowser('staff accounts in the admin', () => {
  const suite = useStorefront();

  it('an invitation is accepted in the browser, and the new member of staff signs in with their password', async () => {
    const owner = await suite.open({ bypassCSP: true });
    await signIn(owner.page);
    await openScreen(owner.page, 'Staff');
    await owner.page.getByRole('heading', { name: 'Your account' }).waitFor();
    await owner.page.getByLabel('Their email address').fill(SAM.email);
    await owner.page.getByRole('button', { name: 'Invite' }).click();
    const link = (await owner.page.locator('.token-once code').textContent())!;
    expect(link).toMatch(/\/admin\/#\/join\/[A-Za-z0-9_-]{43}$/);
    await owner.page.getByText(`${SAM.email} (staff)`).waitFor();
    await expectAccessibleAtBothWidths(owner.page, 'Staff, as the owner, with an invitation');

    const sam = await suite.open({ bypassCSP: true });
    await sam.page.goto(link);
    await sam.page.getByRole('heading', { name: 'Join the bookings admin' }).waitFor();
    await sam.page.getByText(`invites ${SAM.email}`).waitFor();
    await expectAccessibleAtBothWidths(sam.page, 'the invitation page');
    await sam.page.getByLabel('Your name').fill(SAM.name);
    await sam.page.getByLabel('Choose a password').fill('short');
    await sam.page.getByRole('button', { name: 'Join and sign in' }).click();
    // The browser's own check (10 characters) refuses it first: nothing is sent, the field says why.
    expect(
      await sam.page.getByLabel('Choose a password').evaluate((el: HTMLInputElement) => el.validity.tooShort),
    ).toBe(true);
    await sam.page.getByLabel('Choose a password').fill(SAM.password);
    await sam.page.getByRole('button', { name: 'Join and sign in' }).click();
    await sam.page.getByRole('heading', { name: 'Harbour Kayaks: bookings admin' }).waitFor();
    const nav = sam.page.getByRole('navigation', { name: 'Admin' });
    expect(await nav.getByRole('link', { name: 'Tokens' }).count()).toBe(0);
    await openScreen(sam.page, 'Shop');
    expect(await sam.page.getByLabel('Shopify domain').count()).toBe(0);
    await openScreen(sam.page, 'Staff');
    await sam.page.getByRole('heading', { name: 'Signed in' }).waitFor();
    expect(await sam.page.getByRole('heading', { name: "The shop's staff" }).count()).toBe(0);
    await expectAccessibleAtBothWidths(sam.page, 'Staff, as staff');

    // Out, then in again with the password through the form.
    await sam.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signIn(sam.page, SAM);
    expect(
      await sam.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Tokens' }).count(),
    ).toBe(0);
    // The link was used: opened again (signed out, on another device), it says so.
    const later = await suite.open();
    await later.page.goto(link);
    await later.page.getByText('This invitation has been used or has expired').waitFor();

    // The owner sees who did what, in the shop's zone.
    await openScreen(owner.page, 'Activity');
    await owner.page.getByText('accepted an invitation').waitFor();
    await owner.page.getByRole('cell', { name: `invited ${SAM.email}` }).waitFor();
    await expectAccessibleAtBothWidths(owner.page, 'Activity');
    expect(owner.pageErrors).toEqual([]);
    expect(sam.pageErrors).toEqual([]);
  });

  it('a sign-in link that is used or unknown answers a page in the admin look saying how to get a new one', async () => {
    const { page } = await suite.open({ bypassCSP: true });
    const answer = await page.goto('/admin/sign-in/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(answer?.status()).toBe(410);
    await page.getByRole('heading', { name: 'This sign-in link has been used or has expired' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('section')!).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    for (const size of [undefined, PHONE]) {
      if (size) await page.setViewportSize(size);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
    await page.getByLabel('Email address').fill(OWNER.email);
  });

  it('a passkey is registered on Staff and then signs in with no password (Chromium, a virtual authenticator)', async () => {
    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    // The WebAuthn library is fetched only when a passkey is used, not with the admin's first load.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await signIn(page);
    const firstLoad = scripts.length;
    await openScreen(page, 'Staff');
    await page.getByText('Passkeys: none yet').waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added: you can sign in with it on this device.').waitFor();
    await page.getByText('Passkeys: 1.').waitFor();
    expect(scripts.length).toBeGreaterThan(firstLoad);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Harbour Kayaks: bookings admin' }).waitFor();
    await openScreen(page, 'Activity');
    await page.getByRole('cell', { name: 'signed in with a passkey' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
