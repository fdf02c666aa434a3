import { afterEach, expect, it } from 'vitest';
import { inWidget, mountWidget, startHarness, type WidgetHarness } from '../helpers/render-widget.ts';

let harness: WidgetHarness;
afterEach(() => harness?.close());

it('shows the shop month', async () => {
  harness = await startHarness();
  const el = mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-a' });
  const w = inWidget(el);
  expect((await w.findByRole('heading')).textContent).toBe('November 2026');
  await w.findByRole('button', { name: /Monday, November 23, 2026$/ });
  console.log(w.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent).join('\n'));
});
