/**
 * The Install screen asks for the page "Check out" leads to off Shopify (`checkout-url`) and
 * says what shoppers read without it, and how a page with its own cart takes the hold instead
 * (issue 27).
 */
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Install } from '../../src/admin/screens/Install.tsx';
import { type AdminHarness, renderScreen, startAdmin } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  await admin.close();
});

const snippet = () => screen.getByRole('group', { name: 'Embed snippet' }).textContent ?? '';
const nextStep = () => document.querySelector('[data-next-step]')?.textContent?.replace(/\s+/g, ' ') ?? '';
const ownCart = () => document.querySelector('[data-own-cart]')?.textContent?.replace(/\s+/g, ' ') ?? '';

it('without a checkout page, says what shoppers read after a hold and how a page with its own cart takes it', async () => {
  renderScreen(<Install />);
  await waitFor(() => expect(snippet()).toMatch(/product="\d+"/));
  expect(snippet()).not.toContain('checkout-url');
  expect(nextStep()).toContain(
    'shoppers read “Not booked yet: this page has no checkout. To book, contact the shop before your hold ends.”',
  );
  // How a page with its own cart takes the hold: for the developer, under Details.
  expect(ownCart()).toContain('booking-widget:reserved');
  expect(ownCart()).toContain('event.preventDefault()');
  expect(document.querySelector('[data-own-cart]')?.closest('details')?.open).toBe(false);
});

it('a checkout page given goes into the snippet as checkout-url, and the hint says Check out leads there', async () => {
  renderScreen(<Install />);
  await waitFor(() => expect(snippet()).toMatch(/product="\d+"/));
  const field = screen.getByLabelText('Checkout page (any site, optional)');
  expect(field.getAttribute('aria-describedby')).toBeTruthy();
  fireEvent.input(field, { target: { value: ' /checkout ' } });
  await waitFor(() => expect(snippet()).toContain('  checkout-url="/checkout"'));
  expect(nextStep()).toBe('After a hold, Check out leads to your checkout page.');
  expect(ownCart()).toBe('');
});
