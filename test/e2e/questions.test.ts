/**
 * Issue 27, point 8: questions with the booking in a real Chromium, on the demo storefront (its
 * Shopify-like cart) at 390 and 1280 px. The held state asks the kayak's questions (a rider's
 * name per kayak, a paddle size, a waiver); Check out stays off until they are answered and a
 * press says each problem; no serious or critical axe violation with the form shown, with its
 * problems shown and answered; no sideways scroll; answered, Check out writes them as the cart
 * line's visible properties (which orders/create books into the booking's fields:
 * test/service/questions/questions.test.ts). In the admin, the questions editor with its live
 * preview and a refusal beside its field, with no serious axe violation at 1280 and 390 px.
 */
import { expect, it } from 'vitest';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { DAYS, KAYAK_PRODUCT, day } from './helpers/fixture.ts';
import { DESKTOP, PHONE, screenshotBoth } from './helpers/page.ts';
import { useStorefront } from './helpers/suite.ts';
import { holdOnProductPage, noSidewaysScroll, readCart, waitForCartNotice } from './helpers/widget.ts';
import { expectAccessibleAtBothWidths, openScreen, signIn } from './helpers/admin.ts';

describeInBrowser('questions with the booking', () => {
  const suite = useStorefront();

  /** The kayak's questions, set through the API as the admin does. */
  async function askQuestions() {
    const products = await suite.server.api('GET', `/v1/products?external_id=${KAYAK_PRODUCT}`);
    const put = await suite.server.api('PUT', `/v1/products/${products.body[0].id}/questions`, {
      questions: [
        { kind: 'short_text', label: "Rider's name", required: true, per: 'unit', help: 'As on their ID.' },
        { kind: 'choice', label: 'Paddle size', options: ['Short', 'Long'] },
        { kind: 'checkbox', label: 'I accept the waiver', required: true },
      ],
    });
    expect(put.status).toBe(200);
  }

  for (const [name, viewport, offset] of [
    ['390', PHONE, DAYS.flowStart],
    ['1280', DESKTOP, DAYS.flowStart + 1],
  ] as const) {
    it(`at ${name} px: asks the questions in the held state, keeps Check out off until they are answered, and puts the answers on the cart line`, async () => {
      await askQuestions();
      const shopper = await suite.open({ viewport });
      const { page } = shopper;
      const widget = await holdOnProductPage(page, day(suite.today, offset));
      await waitForCartNotice(page);
      const form = widget.getByRole('group', { name: 'A few details' });
      await form.waitFor({ timeout: 15_000 });
      const checkout = widget.getByRole('link', { name: 'Check out' });
      const found: Record<string, unknown> = {};
      found.offBefore = await checkout.getAttribute('aria-disabled');
      found.askedAxe = await seriousAxeViolations(page);

      // aria-disabled, not disabled: a press is still heard, and says what is missing.
      await checkout.click({ force: true });
      const rider = widget.getByRole('textbox', { name: "Rider's name" });
      await widget.getByText("Answer “Rider's name”.").waitFor();
      found.focused = await rider.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el);
      found.problemsAxe = await seriousAxeViolations(page);
      found.scrolls = !(await noSidewaysScroll(page));
      await screenshotBoth(page, `27-questions-problems-${name}`, form);

      await rider.fill('Ana');
      await widget.getByRole('combobox', { name: 'Paddle size' }).selectOption('Long');
      await widget.getByRole('checkbox', { name: /I accept the waiver/ }).check();
      found.offAfter = await checkout.getAttribute('aria-disabled');
      found.answeredAxe = await seriousAxeViolations(page);
      await checkout.click();
      await page
        .waitForURL((url) => !url.pathname.endsWith('/') || url.hash !== '', { timeout: 10_000 })
        .catch(() => {});
      await expect
        .poll(async () => (await readCart(page)).items[0]?.properties["Rider's name #1"], { timeout: 10_000 })
        .toBe('Ana');
      const line = (await readCart(page)).items[0]!;
      found.properties = {
        rider: line.properties["Rider's name #1"],
        size: line.properties['Paddle size'],
        waiver: line.properties['I accept the waiver'],
      };
      expect(found).toEqual({
        offBefore: 'true',
        askedAxe: [],
        focused: true,
        problemsAxe: [],
        scrolls: false,
        offAfter: null,
        answeredAxe: [],
        properties: { rider: 'Ana', size: 'Long', waiver: 'Yes' },
      });
    });
  }

  it('in the admin: the questions editor with its live preview and a refusal beside its field, accessible at 1280 and 390 px', async () => {
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Products');
    await page.getByText('Questions asked when booking Kayak hire').click();
    const form = page.getByRole('form', { name: 'Questions of Kayak hire' });
    await form.getByRole('button', { name: 'Add a question' }).waitFor();
    const count = await form.getByRole('group', { name: /^Question \d/ }).count();
    await form.getByRole('button', { name: 'Add a question' }).click();
    const added = form.getByRole('group', { name: `Question ${count + 1}` });
    await added.getByLabel('Question', { exact: true }).fill('Wetsuit size');
    await added.getByLabel('Kind').selectOption('choice');
    await form.getByRole('button', { name: 'Save the questions of Kayak hire' }).click();
    await expect.poll(() => added.getByLabel('Options').getAttribute('aria-invalid')).toBe('true');
    const preview = form.getByRole('region', { name: 'Preview of the questions of Kayak hire' });
    await preview.getByLabel('Wetsuit size').waitFor();
    await expectAccessibleAtBothWidths(page, 'the questions editor with a refusal');
    await added.getByLabel('Options').fill('S\nM\nL');
    await form.getByRole('button', { name: 'Save the questions of Kayak hire' }).click();
    await page.getByText(/The questions of Kayak hire saved/).waitFor();
    expect(await preview.getByLabel('Wetsuit size').locator('option').allTextContents()).toEqual([
      'Choose…',
      'S',
      'M',
      'L',
    ]);
  });
});
