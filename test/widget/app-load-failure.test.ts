/**
 * The app's file does not arrive (offline, a CDN refusing it): the theme is told in words a
 * shopper can read, and the browser's own words go to developers only (issue 16).
 */
import { afterEach, expect, it, vi } from 'vitest';
import type { ErrorDetail } from '../../src/widget/events.ts';

vi.mock('../../src/widget/boot/load-app.ts', () => ({
  loadApp: () =>
    Promise.reject(
      new TypeError('Failed to fetch dynamically imported module: https://cdn.example/booking-widget-app.js'),
    ),
}));

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

it('when the app cannot load, tells the theme a shopper’s sentence, the browser’s error only as the detail', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // A worker's files share modules and one document (vite.config.ts), where `booking-widget`
  // may already be defined with the real loader: import the element anew (with the mock) and
  // define it under a name of its own, as a page would have it.
  vi.resetModules();
  const { BookingWidgetElement } = await import('../../src/widget/element.ts');
  if (!customElements.get('booking-widget-offline'))
    customElements.define('booking-widget-offline', class extends BookingWidgetElement {});
  const el = document.createElement('booking-widget-offline') as InstanceType<typeof BookingWidgetElement>;
  el.fetch = async () => Response.json({}, { status: 503 });
  const errors: ErrorDetail[] = [];
  el.addEventListener('booking-widget:error', (e) => errors.push(e.detail));
  el.setAttribute('api', 'https://api.example');
  el.setAttribute('product', '7002');
  el.setAttribute('cart-token', 'cart-x');
  document.body.append(el);
  await el.rendered;
  expect(errors).toEqual([
    {
      error: 'network_error',
      message: 'The calendar could not load. Please try again.',
      detail: 'Failed to fetch dynamically imported module: https://cdn.example/booking-widget-app.js',
    },
  ]);
  expect(errors[0]!.message).not.toMatch(/https?:|Failed to fetch/);
});
