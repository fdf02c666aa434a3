/**
 * The calendar, the controls and the hold panel, each rendered on its own with a real model
 * (over the in-process service), queried by role and driven by events as a shopper would.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Calendar } from '../../src/widget/components/Calendar.tsx';
import { Controls } from '../../src/widget/components/Controls.tsx';
import { HoldPanel } from '../../src/widget/hold/HoldPanel.tsx';
import { startHarness, type WidgetHarness } from '../helpers/render-widget.ts';
import { createTestView } from '../helpers/view-model.ts';

let harness: WidgetHarness;
let dispose: (() => void) | undefined;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  cleanup();
  dispose?.();
  await harness.close();
});

/** A view of the date widget's Adult tour (capacity 5, lead 1 day) or the kayak range. */
function view(product = '7002', variant = '8003') {
  const made = createTestView(harness, { product, variant });
  dispose = made.dispose;
  return made;
}

it('Calendar: names each day with its state, selects a clicked day, and moves the roving day with the arrows', async () => {
  const { vm } = view();
  render(<Calendar vm={vm} />);
  const tuesday = await screen.findByRole('button', { name: 'Tuesday, November 24, 2026' });
  expect(screen.getByRole('heading').textContent).toBe('November 2026');
  expect(
    screen
      .getByRole('button', { name: 'Saturday, November 21, 2026, unavailable: in the past' })
      .getAttribute('aria-disabled'),
  ).toBe('true');
  fireEvent.click(tuesday);
  expect(tuesday.getAttribute('aria-pressed')).toBe('true');
  expect(tuesday.getAttribute('tabindex')).toBe('0');
  fireEvent.keyDown(tuesday, { key: 'ArrowRight' });
  const wednesday = screen.getByRole('button', { name: 'Wednesday, November 25, 2026' });
  expect(wednesday.getAttribute('tabindex')).toBe('0');
  expect(document.activeElement).toBe(wednesday);
  fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
  expect(screen.getByRole('heading').textContent).toBe('December 2026');
});

it('Controls: Reserve stays disabled until a day is chosen, and the quantity is kept within the widget’s bounds', async () => {
  const { vm } = view();
  render(<Controls vm={vm} />);
  await waitFor(() => expect(vm.booking.widget.value).toBeTruthy());
  const reserve = screen.getByRole('button', { name: 'Reserve' });
  expect(reserve.hasAttribute('disabled')).toBe(true);
  const quantity = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
  fireEvent.change(quantity, { target: { value: '99' } });
  expect(quantity.value).toBe(String(vm.booking.settings.value.quantity_max));
  await waitFor(() => expect(vm.monthReady.value).toBe(true));
  vm.choose('2026-11-24' as never);
  await waitFor(() => expect(reserve.hasAttribute('disabled')).toBe(false));
});

it('HoldPanel: shows only what the service held, with the time left, then that it expired and a way to hold again', async () => {
  const { vm, events } = view('7001', '8001');
  await waitFor(() => expect(vm.monthReady.value).toBe(true));
  vm.choose('2026-11-24' as never);
  vm.choose('2026-11-25' as never);
  await vm.selection.reserve();
  const hold = vm.hold.value!;
  render(<HoldPanel vm={vm} hold={hold.model} />);
  expect(
    screen.getByText(
      (_, el) => el?.getAttribute('part') === 'hold-item' && /^Kayak hire – Single kayak:/.test(el.textContent ?? ''),
    ).textContent,
  ).toContain('× 1');
  // Counted on the server's clock, whose Date header errs up to a second early.
  expect(screen.getByText(/^(15:00|14:59) left$/)).toBeTruthy();
  expect(events.map((e) => e.type)).toContain('booking-widget:reserved');
  harness.service.clock.advance(15 * 60_000 + 1000);
  vm.booking.tick();
  expect(await screen.findByText('Your hold has expired.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Hold again' })).toBeTruthy();
  expect(events.map((e) => e.type)).toContain('booking-widget:expired');
});
