// @vitest-environment happy-dom
/**
 * The theme app extension's block script, run on theme-like markup: each way a theme announces
 * a variant change moves the widget's `variant` attribute, and nothing else does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

// A string, not new URL(): under happy-dom the global URL is the DOM's, which Node's fs refuses.
const ROOT = join(fileURLToPath(import.meta.url), '../../../..');
const SCRIPT = readFileSync(join(ROOT, 'src/shopify/extension/assets/booking-widget-block.js'), 'utf8');

/** A product section as Dawn renders it, with the app block inside the section, outside the form. */
const section = (id: string, variant: string) => `
  <div class="shopify-section" id="shopify-section-${id}">
    <form action="/cart/add" method="post" id="form-${id}">
      <input type="hidden" name="id" value="${variant}">
      <input type="radio" name="Size" value="a">
    </form>
    <booking-widget id="w-${id}" data-variant-sync product="1" variant="${variant}"></booking-widget>
  </div>`;

const widget = (id: string) => document.getElementById(`w-${id}`)!.getAttribute('variant');
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => {
  // Loaded once, as a page loads it once; its listeners live on document and window.
  new Function(SCRIPT)();
});

beforeEach(() => {
  history.replaceState({}, '', '/products/kayak-hire');
  document.body.innerHTML = section('main', '111') + section('other', '900');
});

describe('theme app extension block script', () => {
  it('follows a Dawn-style change: the form’s id input is set and `change` is dispatched on it', () => {
    const input = document.querySelector<HTMLInputElement>('#form-main [name="id"]')!;
    input.value = '222';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(widget('main')).toBe('222');
    expect(widget('other')).toBe('900'); // another product's section is not touched
  });

  it('follows a theme’s variant:change event, trusting its variant id over a form not yet updated', () => {
    const form = document.getElementById('form-main')!;
    form.dispatchEvent(new CustomEvent('variant:change', { bubbles: true, detail: { variant: { id: 333 } } }));
    expect(widget('main')).toBe('333');
    expect(widget('other')).toBe('900');
  });

  it('follows a theme that changes the id input after a variant radio’s change, without an event of its own', async () => {
    const radio = document.querySelector<HTMLInputElement>('#form-main [name="Size"]')!;
    radio.dispatchEvent(new Event('change', { bubbles: true }));
    document.querySelector<HTMLInputElement>('#form-main [name="id"]')!.value = '444';
    await tick(10);
    expect(widget('main')).toBe('444');
  });

  it('follows ?variant= in the URL on back/forward when the form has no id input', () => {
    document.body.innerHTML = `<section><booking-widget id="w-bare" data-variant-sync product="1" variant="111"></booking-widget></section>`;
    history.pushState({}, '', '/products/kayak-hire?variant=555');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(widget('bare')).toBe('555');
  });

  it('follows Horizon: shopify:product:select with a GID variantId, and its promise, while the id input is set silently (assets/variant-picker.js, product-form.js)', async () => {
    // Horizon's variant picker sits inside the product form; the id input changes without an event.
    const form = document.getElementById('form-main')!;
    const picker = document.createElement('variant-picker');
    form.append(picker);
    document.querySelector<HTMLInputElement>('#form-main [name="id"]')!.value = '777';
    picker.dispatchEvent(new CustomEvent('shopify:product:select', { bubbles: true, detail: { variantId: 'gid://shopify/ProductVariant/777' } }));
    expect(widget('main')).toBe('777');
    let resolve!: (value: unknown) => void;
    picker.dispatchEvent(new CustomEvent('shopify:product:select', { bubbles: true, detail: { promise: new Promise((r) => (resolve = r)) } }));
    resolve({ variant: { id: 'gid://shopify/ProductVariant/778' } });
    await tick();
    expect(widget('main')).toBe('778');
    expect(widget('other')).toBe('900');
  });

  it('follows Dawn’s variant radios linked to the form with form="…" from outside it (assets/product-info.js)', async () => {
    const radios = document.createElement('variant-selects');
    radios.innerHTML = '<input type="radio" name="Colour" value="red" form="form-main">';
    document.getElementById('shopify-section-main')!.prepend(radios);
    const radio = radios.querySelector('input')!;
    radio.dispatchEvent(new Event('change', { bubbles: true }));
    document.querySelector<HTMLInputElement>('#form-main [name="id"]')!.value = '888';
    await tick(10);
    expect(widget('main')).toBe('888');
  });

  it('follows a theme that only changes ?variant= in the URL after a pick outside any form', async () => {
    document.body.innerHTML = `<section><div class="pills"><input type="radio" name="Size"></div><booking-widget id="w-url" data-variant-sync product="1" variant="111"></booking-widget></section>`;
    history.replaceState({}, '', '/products/kayak-hire?variant=999');
    document.querySelector('.pills input')!.dispatchEvent(new Event('change', { bubbles: true }));
    await tick(10);
    expect(widget('url')).toBe('999');
  });

  it('never writes a value that is not a variant id', () => {
    const input = document.querySelector<HTMLInputElement>('#form-main [name="id"]')!;
    input.value = '12"><script>';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    document.getElementById('form-main')!.dispatchEvent(new CustomEvent('variant:change', { bubbles: true, detail: { variant: { id: 'x' } } }));
    expect(widget('main')).toBe('111');
  });

  it('leaves a widget without data-variant-sync to the page', () => {
    document.getElementById('w-main')!.removeAttribute('data-variant-sync');
    const input = document.querySelector<HTMLInputElement>('#form-main [name="id"]')!;
    input.value = '666';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(widget('main')).toBe('111');
  });
});
