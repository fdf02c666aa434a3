/**
 * Issue 18: the shop itself configured in the merchant admin, with no file to edit: its
 * Shopify settings on the Shop screen (the secret write-only), errors beside their fields; its
 * locations added, renamed and named wherever products and blackouts refer to them.
 */
import { expect, it } from 'vitest';
import { errorBeside, expectAccessibleAtBothWidths, openScreen, signIn } from './helpers/admin.ts';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { SECRET } from './helpers/fixture.ts';
import { useStorefront } from './helpers/suite.ts';

describeInBrowser('the shop in the merchant admin', () => {
  const suite = useStorefront();
  const locationId = async (name: string) =>
    ((await suite.server.api('GET', '/v1/locations')).body as { id: number; name: string }[]).find(
      (l) => l.name === name,
    )?.id;

  it('a Shopify domain typed without a secret, when none is set, is refused with the secret field saying it is needed too', async () => {
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Shop');
    const form = page.getByRole('form', { name: 'Shop settings' });
    await form.getByText("The app's client secret: not set.").waitFor();
    await form.getByLabel('Shopify domain').fill('harbour.example.com');
    await form.getByRole('button', { name: 'Save shop settings' }).click();
    await expect
      .poll(() => errorBeside(form.getByLabel('Shopify domain')))
      .toContain("must be the shop's myshopify.com domain");
    expect(await form.getByLabel('Shopify API secret').getAttribute('aria-invalid')).toBe('true');
    expect(await errorBeside(form.getByLabel('Shopify API secret'))).toContain('is needed too');
    await expectAccessibleAtBothWidths(page, 'Shop with the domain and the secret marked');
  });

  it('a location is renamed in place (a taken name said beside it), its row lines up with its heading, and Blackouts lists every location by name and names a location blackout by it', async () => {
    expect((await suite.server.api('POST', '/v1/locations', { name: 'Williamstown' })).status).toBe(201);
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Shop');
    const name = page.getByLabel('Name of Williamstown');
    await name.fill('Docklands');
    await page.getByRole('button', { name: 'Save Williamstown' }).click();
    await expect.poll(() => errorBeside(name)).toContain("is another location's name");
    await name.fill('Port Melbourne');
    await page.getByRole('button', { name: 'Save Williamstown' }).click();
    await page.getByRole('status').filter({ hasText: 'Williamstown renamed Port Melbourne.' }).waitFor();
    const id = await locationId('Port Melbourne');
    expect(id).toBeDefined();
    // Each row starts where the "Locations" heading does, not indented as a bulleted list.
    const heading = (await page.getByRole('heading', { name: 'Locations' }).boundingBox())!;
    const row = (await page.locator('main ul.list > li').first().boundingBox())!;
    expect(Math.round(row.x)).toBe(Math.round(heading.x));
    await expectAccessibleAtBothWidths(page, 'Shop after renaming a location');

    // Port Melbourne has no product, yet a blackout may close it, named by its name.
    await openScreen(page, 'Blackouts');
    await page.getByRole('button', { name: 'Add a blackout' }).click();
    const form = page.getByRole('form', { name: 'Add a blackout' });
    const options = await form.getByLabel('Applies to').locator('option').allTextContents();
    expect(options).toEqual(
      expect.arrayContaining([
        'Docklands: everything there',
        'St Kilda Pier: everything there',
        'Port Melbourne: everything there',
      ]),
    );
    expect(options.join()).not.toMatch(/Location \d/);
    await form.getByLabel('Title (only you see it)').fill('Pier repairs');
    await form.getByLabel('First day').fill(suite.today);
    await form.getByLabel('Last day').fill(suite.today);
    await form.getByLabel('Applies to').selectOption(`l:${id}`);
    await form.getByRole('button', { name: 'Add blackout' }).click();
    const entry = page.locator('main ul.list li', { hasText: 'Pier repairs' });
    await expect.poll(() => entry.textContent()).toContain('everything at Port Melbourne');
    const blackout = (
      (await suite.server.api('GET', '/v1/blackouts')).body as { id: number; title: string; location_id: number }[]
    ).find((b) => b.title === 'Pier repairs')!;
    expect(blackout.location_id).toBe(id);
    expect((await suite.server.api('DELETE', `/v1/blackouts/${blackout.id}`)).status).toBe(204);
    expect((await suite.server.api('DELETE', `/v1/locations/${id}`)).status).toBe(204);
  });

  it('a product is put at a location when added and moved when edited, and the add form is empty once the product is added', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await openScreen(page, 'Products');
    const add = page.getByRole('form', { name: 'Add a product' });
    await add.getByLabel('Product id').fill('7300');
    await add.getByLabel('Title', { exact: true }).fill('Boat tours');
    await add.getByLabel('Location').selectOption({ label: 'St Kilda Pier' });
    await add.getByRole('button', { name: 'Add product' }).click();
    await page.getByRole('status').filter({ hasText: 'Boat tours added.' }).waitFor();
    const stored = async () =>
      (
        (await suite.server.api('GET', '/v1/products?external_id=7300')).body as {
          id: number;
          location_id: number | null;
        }[]
      )[0]!;
    expect((await stored()).location_id).toBe(await locationId('St Kilda Pier'));
    await page.getByRole('heading', { name: 'Boat tours (St Kilda Pier)' }).waitFor();
    // Emptied: a second click cannot add the same product again.
    expect([
      await add.getByLabel('Product id').inputValue(),
      await add.getByLabel('Title', { exact: true }).inputValue(),
      await add.getByLabel('Location').inputValue(),
    ]).toEqual(['', '', '']);

    await page.getByRole('button', { name: 'Edit Boat tours' }).click();
    const edit = page.getByRole('form', { name: 'Edit Boat tours' });
    expect(await edit.getByLabel('Location').inputValue()).toBe(String(await locationId('St Kilda Pier')));
    await edit.getByLabel('Location').selectOption({ label: 'Docklands' });
    await edit.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('heading', { name: 'Boat tours (Docklands)' }).waitFor();
    expect((await stored()).location_id).toBe(await locationId('Docklands'));
    expect((await suite.server.api('DELETE', `/v1/products/${(await stored()).id}`)).status).toBe(204);
  });

  it('connects the shop to Shopify from the Shop screen: a bad domain is named beside its field, a good one is saved, the secret shows only as set', async () => {
    const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };
    const before = (await (await fetch(`${suite.server.url}/v1/shop`, { headers })).json()) as {
      shopify: { domain: string | null };
    };
    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    try {
      await signIn(page);
      await openScreen(page, 'Shop');
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
      expect(saved.shopify).toMatchObject({
        domain: 'harbour-admin.myshopify.com',
        api_secret_set: true,
        book_on: 'orders/create',
      });
      expect(await seriousAxeViolations(page), 'Shop after saving').toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      // Other tests share the shop: its Shopify settings go back as they were.
      await fetch(`${suite.server.url}/v1/shop`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ shopify: before.shopify.domain ? { domain: before.shopify.domain } : null }),
      });
    }
  });

  it('the Shop screen says until when a replaced Shopify secret still works, which topics to subscribe for the chosen "Book when", saves orders/paid, and lists no order lines to check', async () => {
    const put = (shopify: unknown) => suite.server.api('PUT', '/v1/shop', { shopify });
    expect((await put({ domain: 'harbour-rotate.myshopify.com', api_secret: 'shpss_old' })).status).toBe(200);
    expect((await put({ api_secret: 'shpss_new' })).status).toBe(200);
    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    try {
      await signIn(page);
      await openScreen(page, 'Shop');
      const form = page.getByRole('form', { name: 'Shop settings' });
      await form.getByText('The previous secret still works until').waitFor();
      await form.getByText('A booking is made as soon as the shopper places the order.').waitFor();
      // The webhook topics are the technical side: behind Details.
      await form.locator('summary', { hasText: 'about connecting Shopify' }).click();
      await form.getByText('Subscribe the app to orders/create, orders/cancelled and carts/update.').waitFor();
      await form.getByLabel('Book when').selectOption('orders/paid');
      await form.getByText('A booking is made once the order is paid.').waitFor();
      await form.getByText('Subscribe the app to orders/paid, orders/cancelled and carts/update.').waitFor();
      await form.getByRole('button', { name: 'Save shop settings' }).click();
      await page.getByRole('status').filter({ hasText: 'Shop settings saved.' }).waitFor();
      expect(
        ((await suite.server.api('GET', '/v1/shop')).body as { shopify: { book_on: string } }).shopify.book_on,
      ).toBe('orders/paid');
      await page.getByRole('heading', { name: 'Order lines to check' }).waitFor();
      await page.getByText('None: every order line paid for its hold and was booked.').waitFor();
      expect(await seriousAxeViolations(page), 'Shop with Book when and the order lines to check').toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      // Other tests share the shop: it goes back to not connected.
      await put(null);
    }
  });
});
