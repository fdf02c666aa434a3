/**
 * Questions with the booking in the held state (issue 27, point 8), against the real in-process
 * service: the hold's questions in the shopper's language, Check out off until the required
 * ones are answered and a press naming what is missing, the answers saved on the reservation
 * (off Shopify) or as the cart line's visible properties (on Shopify).
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { inWidget, mountWidget, requestsTo, startHarness, type WidgetHarness } from '../helpers/render-widget.ts';

let harness: WidgetHarness;
beforeEach(async () => {
  harness = await startHarness();
  // Check out's navigation, once the answers are saved, is the page's: watched, not followed.
  vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { Shopify?: unknown }).Shopify;
  return harness.close();
});

/** Sets the kayak's questions through the API, as the merchant's admin does. */
async function askQuestions() {
  const secret = { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' };
  const base = harness.service.baseUrl;
  const products = await (
    await harness.service.fetch(new Request(`${base}/v1/products?external_id=7001`, { headers: secret }))
  ).json();
  const res = await harness.service.fetch(
    new Request(`${base}/v1/products/${products[0].id}/questions`, {
      method: 'PUT',
      headers: secret,
      body: JSON.stringify({
        questions: [
          { kind: 'short_text', label: "Rider's name", required: true, per: 'unit', max_length: 10 },
          {
            kind: 'choice',
            label: 'Paddle size',
            options: ['Short', 'Long'],
            translations: { de: { label: 'Paddelgröße', options: ['Kurz', 'Lang'] } },
          },
          { kind: 'checkbox', label: 'I accept the waiver', required: true },
        ],
      }),
    }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number }[];
}

async function holdTwoDays(attributes: Record<string, string>) {
  const el = await mountWidget(harness, { product: '7001', variant: '8001', 'cart-token': 'cart-q', ...attributes });
  const w = inWidget(el);
  // The month's data is in before a day is picked.
  await waitFor(() => expect(el.shadowRoot!.querySelector('table:not([aria-busy])')).toBeTruthy(), { timeout: 10_000 });
  // A range of two days (the kayak's widget books ranges).
  fireEvent.click(await w.findByRole('button', { name: /^(Tuesday, November 24, 2026|Dienstag, 24\. November 2026)/ }));
  fireEvent.click(w.getByRole('button', { name: /^(Wednesday, November 25, 2026|Mittwoch, 25\. November 2026)/ }));
  fireEvent.click(await w.findByRole('button', { name: /^(Reserve|Reservieren)$/ }));
  return { el, w };
}

it('asks the hold’s questions before Check out, which stays off until they are answered, then saves them on the reservation', async () => {
  const [name, size, waiver] = await askQuestions();
  const { w } = await holdTwoDays({ 'checkout-url': '/checkout' });
  const group = await w.findByRole('group', { name: 'A few details' }, { timeout: 25_000 });
  expect(group).toBeTruthy();
  const checkout = w.getByRole('link', { name: 'Check out' });
  expect(checkout.getAttribute('aria-disabled')).toBe('true');
  fireEvent.click(checkout);
  // Every problem is said, naming the question, and the first field takes the focus.
  const rider = w.getByRole('textbox', { name: "Rider's name" });
  await waitFor(() => expect(rider.getAttribute('aria-invalid')).toBe('true'));
  expect(w.getByText("Answer “Rider's name”.")).toBeTruthy();
  expect(w.getByText('Tick “I accept the waiver”.')).toBeTruthy();
  expect(rider.ownerDocument.activeElement === rider || rider.getRootNode() instanceof ShadowRoot).toBe(true);
  expect(requestsTo(harness, `/v1/reservations/${await reservationId()}/answers`, 'PUT')).toHaveLength(0);

  fireEvent.input(rider, { target: { value: 'A name too long' } });
  await waitFor(() => expect(w.getByText("“Rider's name”: at most 10 characters.")).toBeTruthy());
  fireEvent.input(rider, { target: { value: 'Ana' } });
  fireEvent.change(w.getByRole('combobox', { name: 'Paddle size' }), { target: { value: 'Long' } });
  fireEvent.click(w.getByRole('checkbox', { name: /I accept the waiver/ }));
  await waitFor(() => expect(checkout.getAttribute('aria-disabled')).toBeNull());
  fireEvent.click(checkout);
  await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('/checkout'));
  const [put] = requestsTo(harness, `/v1/reservations/${await reservationId()}/answers`, 'PUT');
  expect(put!.body).toEqual({
    answers: [
      { question_id: name!.id, unit: 1, value: 'Ana' },
      { question_id: size!.id, unit: 1, value: 'Long' },
      { question_id: waiver!.id, unit: 1, value: 'Yes' },
    ],
  });
});

/** The id of cart-q's reservation. */
async function reservationId(): Promise<number> {
  const res = await harness.service.fetch(
    new Request(`${harness.service.baseUrl}/v1/reservations?cart_token=cart-q`, {
      headers: { authorization: 'Bearer sk_test_harbour' },
    }),
  );
  return ((await res.json()) as { id: number }[])[0]!.id;
}

it('words the questions in the shopper’s language: the merchant’s translation, the form’s own strings', async () => {
  await askQuestions();
  const { w } = await holdTwoDays({ locale: 'de', 'checkout-url': '/checkout' });
  await w.findByRole('group', { name: 'Ein paar Angaben' }, { timeout: 25_000 });
  const select = w.getByRole('combobox', { name: 'Paddelgröße' }) as HTMLSelectElement;
  expect([...select.options].map((o) => [o.value, o.text])).toEqual([
    ['', 'Bitte wählen…'],
    ['Short', 'Kurz'],
    ['Long', 'Lang'],
  ]);
  fireEvent.click(w.getByRole('checkbox', { name: /I accept the waiver/ }));
  fireEvent.click(w.getByRole('checkbox', { name: /I accept the waiver/ }));
  await waitFor(() => expect(w.getByText('Bitte „I accept the waiver“ ankreuzen.')).toBeTruthy());
});

it('asks a question per unit once for each unit held, again when the hold changes its units', async () => {
  await askQuestions();
  const { w } = await holdTwoDays({ 'checkout-url': '/checkout' });
  await w.findByRole('textbox', { name: "Rider's name" }, { timeout: 25_000 });
  fireEvent.click(w.getByRole('button', { name: 'More' }));
  fireEvent.click(await w.findByRole('button', { name: 'Update hold' }));
  await w.findByRole('textbox', { name: "Rider's name (2 of 2)" }, { timeout: 10_000 });
  expect(w.getByRole('textbox', { name: "Rider's name (1 of 2)" })).toBeTruthy();
  // Asked once per booking: still one.
  expect(w.getAllByRole('combobox', { name: 'Paddle size' })).toHaveLength(1);
});

it('asks nothing on a page with no checkout: the held state says what to do instead, never "to check out"', async () => {
  await askQuestions();
  const { w } = await holdTwoDays({});
  await w.findByText(/^Not booked yet: this page has no checkout\./, {}, { timeout: 25_000 });
  // Long enough for the questions' file and request, had they been shown.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(w.queryByRole('group', { name: 'A few details' })).toBeNull();
  expect(w.queryByText(/to check out/)).toBeNull();
  expect(w.queryByRole('link', { name: 'Check out' })).toBeNull();
});

it('shows no form and leaves Check out alone when the product asks nothing', async () => {
  const { w } = await holdTwoDays({ 'checkout-url': '/checkout' });
  const checkout = await w.findByRole('link', { name: 'Check out' }, { timeout: 25_000 });
  // The service was asked, and answered that nothing is asked.
  await waitFor(() =>
    expect(
      harness.sent.some((r) => r.method === 'GET' && /\/v1\/reservations\/\d+\/questions$/.test(r.url.pathname)),
    ).toBe(true),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(w.queryByRole('group', { name: 'A few details' })).toBeNull();
  expect(checkout.getAttribute('aria-disabled')).toBeNull();
});

it('on Shopify, writes the answers as the hold’s cart line’s visible properties before Check out', async () => {
  await askQuestions();
  (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
  const lines: { key: string; variant_id: number; quantity: number; properties: Record<string, string> }[] = [];
  Object.assign(harness.storefront, {
    '/cart.js': () => Response.json({ token: 'cart-q', items: lines }),
    '/cart/add.js': (init: RequestInit) => {
      for (const item of JSON.parse(String(init.body)).items)
        lines.push({
          key: `k${lines.length}`,
          variant_id: item.id,
          quantity: item.quantity,
          properties: item.properties,
        });
      return Response.json({ items: lines });
    },
    '/cart/change.js': (init: RequestInit) => {
      const { id, quantity, properties } = JSON.parse(String(init.body));
      const line = lines.find((l) => l.key === id)!;
      line.quantity = quantity;
      if (properties) line.properties = properties;
      return Response.json({ items: lines });
    },
  });
  const { w } = await holdTwoDays({ 'checkout-url': '/cart' });
  await w.findByRole('group', { name: 'A few details' }, { timeout: 25_000 });
  fireEvent.input(w.getByRole('textbox', { name: "Rider's name" }), { target: { value: 'Ana' } });
  fireEvent.click(w.getByRole('checkbox', { name: /I accept the waiver/ }));
  fireEvent.click(w.getByRole('link', { name: 'Check out' }));
  await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('/cart'));
  expect(lines).toHaveLength(1);
  expect(lines[0]!.properties).toMatchObject({
    "Rider's name #1": 'Ana',
    'I accept the waiver': 'Yes',
    _units: '1',
  });
  expect(lines[0]!.properties).not.toHaveProperty('Paddle size');
});

it('has every string of the questions form in each of the widget’s languages', async () => {
  const { QUESTION_LINES, QUESTION_KEY_COUNT } = await import('../../src/widget/hold/questions/strings.ts');
  expect(Object.keys(QUESTION_LINES).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'ja']);
  for (const [lang, line] of Object.entries(QUESTION_LINES))
    expect(line.split('|'), lang).toHaveLength(QUESTION_KEY_COUNT);
});
