/**
 * The theme app extension's block script, run on theme-like markup: each way a theme announces
 * a variant change moves the widget's `variant` attribute, and nothing else does. The cases
 * run on the source (block-script.test.ts) and on the file as built, minified
 * (block-script-built.test.ts), each in a page of its own: the script is loaded once a page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// A string, not new URL(): under happy-dom the global URL is the DOM's, which Node's fs refuses.
const ROOT = join(fileURLToPath(import.meta.url), '../../../..');

/** The block script's source, as committed. */
export const BLOCK_SCRIPT_SOURCE = readFileSync(
  join(ROOT, 'src/shopify/extension/assets/booking-widget-block.js'),
  'utf8',
);

/** A product section as Dawn renders it, with the app block inside the section, outside the form. */
const section = (id: string, variant: string) => `
  <div class="shopify-section" id="shopify-section-${id}">
    <form action="/cart/add" method="post" id="form-${id}">
      <input type="hidden" name="id" value="${variant}">
      <input type="radio" name="Size" value="a">
    </form>
    <booking-widget id="w-${id}" data-variant-sync product="1" variant="${variant}"></booking-widget>
  </div>`;

/** Horizon 4's product section: the picker in a form of its own, the cart form in product-form-component. */
const HORIZON = `
  <div class="shopify-section" id="shopify-section-template--1__main">
    <variant-picker class="variant-picker" data-product-id="1" data-template-product-match="true">
      <form class="variant-picker__form"><fieldset class="variant-option">
        <input type="radio" name="Size-b1-1" value="S" data-option-value-id="10" data-variant-id="111" checked>
        <input type="radio" name="Size-b1-1" value="L" data-option-value-id="11" data-variant-id="222">
        <input type="radio" name="Size-b1-1" value="XL" data-option-value-id="12">
      </fieldset></form>
    </variant-picker>
    <product-form-component data-product-id="1">
      <form method="post" action="/cart/add" id="BuyButtons-ProductForm-template--1__main"><input type="hidden" name="id" value="111" ref="variantId"></form>
    </product-form-component>
    <booking-widget id="w-horizon" data-variant-sync product="1" variant="111" data-prices="111:65.00,222:80.00,333:95.00"></booking-widget>
  </div>`;

/**
 * Horizon's variant-picker.js and product-form.js on `picker`: a change dispatches a plain
 * Event whose payload is set on it as properties (storefront standard events), then after
 * `fetchMs` the promise resolves and product-form sets the id input without an event.
 */
function horizonPicker(picker: Element, idInput: HTMLInputElement, fetchMs: number) {
  const variants: Record<string, string> = { '10': '111', '11': '222', '12': '333' };
  picker.addEventListener('change', (e) => {
    const option = e.target as HTMLInputElement;
    const { optionValueId = '', variantId, connectedProductUrl = '' } = option.dataset;
    const id = variants[optionValueId]!;
    const promise = new Promise((resolve) =>
      setTimeout(
        () =>
          resolve({ variant: { id: `gid://shopify/ProductVariant/${id}` }, detail: { resource: { id: Number(id) } } }),
        fetchMs,
      ),
    );
    const event = Object.assign(new Event('shopify:product:select', { bubbles: true }), {
      product: { id: 'gid://shopify/Product/1', title: 'Kayak hire', handle: 'kayak-hire' },
      selectedOptions: [{ name: 'Size', value: option.value }],
      detail: { optionValueId, variantId, connectedProductUrl },
      promise,
    });
    picker.dispatchEvent(event);
    // product-form.js: `const { detail } = await event.promise; variantId.value = resource?.id`.
    void promise.then(
      (r) => (idInput.value = String((r as { detail: { resource: { id: number } } }).detail.resource.id)),
    );
    // variant-picker.js: the URL after yieldToMainThread().
    setTimeout(() => history.replaceState({}, '', `/products/kayak-hire?variant=${id}`), 0);
  });
}

/** Dawn's main product: variant radios in variant-selects, outside the form and linked to it by form="…". */
const DAWN = `
  <div class="shopify-section" id="shopify-section-template--1__main">
    <product-info id="MainProduct-template--1__main" data-section="template--1__main" data-url="/products/kayak-hire" data-update-url="true">
      <variant-selects id="variant-selects-template--1__main" data-section="template--1__main"><fieldset class="product-form__input">
        <input type="radio" id="s-1" name="Size" value="S" form="product-form-template--1__main" checked>
        <input type="radio" id="s-2" name="Size" value="L" form="product-form-template--1__main">
      </fieldset></variant-selects>
      <product-form class="product-form" data-section-id="template--1__main">
        <form method="post" action="/cart/add" id="product-form-template--1__main" class="form" data-type="add-to-cart-form">
          <input type="hidden" name="id" value="111" class="product-variant-id">
        </form>
      </product-form>
    </product-info>
    <booking-widget id="w-dawn" data-variant-sync product="1" variant="111"></booking-widget>
  </div>`;

/** Every value written to the widget's `variant` attribute, in order. */
function recordVariants(widget: Element): string[] {
  const seen: string[] = [];
  const set = widget.setAttribute.bind(widget);
  widget.setAttribute = (name: string, value: string) => {
    if (name === 'variant') seen.push(value);
    set(name, value);
  };
  return seen;
}

const widget = (id: string) => document.getElementById(`w-${id}`)!.getAttribute('variant');
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** Every case, on `script` (`label` names which file it is). */
export function describeBlockScript(label: string, script: string): void {
  /** Takes this copy's listeners off document and window: the page is left. */
  const leave: Array<() => void> = [];
  beforeAll(() => {
    // Loaded once, as a page loads it once; its listeners live on document and window. A
    // worker's files share one document (vite.config.ts), so the listeners this copy adds are
    // noted and taken off after its cases, and the other copy's guard is lifted before it loads.
    delete (window as { __bookingWidgetBlock?: boolean }).__bookingWidgetBlock;
    const targets: EventTarget[] = [document, window];
    for (const target of targets) {
      const add = target.addEventListener;
      target.addEventListener = (...args: Parameters<EventTarget['addEventListener']>) => {
        leave.push(() => target.removeEventListener(...args));
        add.apply(target, args);
      };
    }
    try {
      new Function(script)();
    } finally {
      // Their own addEventListener again, the prototype's.
      for (const target of targets) delete (target as Partial<EventTarget>).addEventListener;
    }
  });
  afterAll(() => {
    for (const off of leave.splice(0)) off();
  });

  beforeEach(() => {
    history.replaceState({}, '', '/products/kayak-hire');
    document.body.innerHTML = section('main', '111') + section('other', '900');
  });

  describe(`theme app extension block script (${label})`, () => {
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

    it('follows Horizon 4’s sequence to the new variant and never reverts: a plain Event with its payload as properties, the picker’s own form, the radio’s change bubbling, the id input set silently after the fetch (assets/variant-picker.js, product-form.js)', async () => {
      document.body.innerHTML = HORIZON;
      const widget = document.getElementById('w-horizon')!;
      const seen = recordVariants(widget);
      const picker = document.querySelector('variant-picker')!;
      const idInput = document.querySelector<HTMLInputElement>('product-form-component [name="id"]')!;
      horizonPicker(picker, idInput, 60);
      const large = document.querySelector<HTMLInputElement>('input[value="L"]')!;
      large.checked = true;
      large.dispatchEvent(new Event('change', { bubbles: true }));
      expect(widget.getAttribute('variant')).toBe('222'); // detail.variantId, at once
      await tick(20);
      expect(idInput.value).toBe('111'); // the fetch has not answered: the cart form still says 111
      expect(widget.getAttribute('variant')).toBe('222');
      await tick(600); // past the fetch, the silent update and every resync the block schedules
      expect(idInput.value).toBe('222');
      expect(seen).toEqual(['222']);
    });

    it('follows Horizon’s promise when the picked option names no variant until the fetch answers (a GID in result.variant.id)', async () => {
      document.body.innerHTML = HORIZON;
      const widget = document.getElementById('w-horizon')!;
      const seen = recordVariants(widget);
      const picker = document.querySelector('variant-picker')!;
      const idInput = document.querySelector<HTMLInputElement>('product-form-component [name="id"]')!;
      horizonPicker(picker, idInput, 30);
      const other = document.querySelector<HTMLInputElement>('input[value="XL"]')!; // no data-variant-id
      other.checked = true;
      other.dispatchEvent(new Event('change', { bubbles: true }));
      await tick(600);
      expect(widget.getAttribute('variant')).toBe('333');
      expect(seen).toEqual(['333']);
    });

    it('follows Dawn’s sequence: radios outside the form linked by form="product-form-…", then product-info.js sets the id input and dispatches change on it after its fetch', async () => {
      document.body.innerHTML = DAWN;
      const widget = document.getElementById('w-dawn')!;
      const seen = recordVariants(widget);
      const selects = document.querySelector('variant-selects')!;
      const idInput = document.querySelector<HTMLInputElement>('#product-form-template--1__main [name="id"]')!;
      // variant-selects publishes the pick; product-info fetches the section, then updateURL and updateVariantInputs.
      let atChange: string | null = null;
      selects.addEventListener('change', () => {
        setTimeout(() => {
          history.replaceState({}, '', '/products/kayak-hire?variant=222');
          idInput.value = '222';
          idInput.dispatchEvent(new Event('change', { bubbles: true }));
          atChange = widget.getAttribute('variant');
        }, 60);
      });
      const large = document.querySelector<HTMLInputElement>('input[value="L"]')!;
      expect(large.form?.id).toBe('product-form-template--1__main'); // outside the form, linked to it
      large.checked = true;
      large.dispatchEvent(new Event('change', { bubbles: true }));
      await tick(600);
      expect(atChange).toBe('222'); // as the input's change is dispatched, not at a later resync
      expect(seen).toEqual(['222']);
    });

    it('follows radios linked to the form by form="…" from outside it when the theme then sets the id input without an event', async () => {
      document.body.innerHTML = DAWN;
      const widget = document.getElementById('w-dawn')!;
      const idInput = document.querySelector<HTMLInputElement>('#product-form-template--1__main [name="id"]')!;
      const large = document.querySelector<HTMLInputElement>('input[value="L"]')!;
      large.checked = true;
      large.dispatchEvent(new Event('change', { bubbles: true }));
      await tick(100);
      idInput.value = '222'; // a Dawn descendant that dropped updateVariantInputs' dispatch
      await tick(500);
      expect(widget.getAttribute('variant')).toBe('222');
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
      document
        .getElementById('form-main')!
        .dispatchEvent(new CustomEvent('variant:change', { bubbles: true, detail: { variant: { id: 'x' } } }));
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
}
