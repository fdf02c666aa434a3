/**
 * Issue 16: two months side by side when the widget itself is wide enough (not the page), one
 * month otherwise; the view stays while the focus moves within it, one day in the tab order
 * across both grids, and a range picked across the months. Against the real in-process service.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import { monthsFor } from '../../src/shared/month-grid.ts';
import type { BookingWidgetElement } from '../../src/widget/element.ts';
import { firstShownMonth } from '../../src/widget/models/month-keys.ts';
import { mountWidget, startHarness, type WidgetHarness } from '../helpers/render-widget.ts';

const d = (s: string) => s as PlainDate;

describe('which months are shown', () => {
  it('shows two months from 640 CSS px of widget width, one below', () => {
    expect([390, 639, 640, 1280].map(monthsFor)).toEqual([1, 1, 2, 2]);
  });

  it('keeps the view while the focus stays within it and moves it as little as it must', () => {
    expect(firstShownMonth(undefined, d('2026-12-01'), 2)).toBe('2026-12-01');
    expect(firstShownMonth(d('2026-11-01'), d('2026-12-01'), 2)).toBe('2026-11-01');
    expect(firstShownMonth(d('2026-11-01'), d('2027-01-01'), 2)).toBe('2026-12-01');
    expect(firstShownMonth(d('2026-11-01'), d('2026-10-01'), 2)).toBe('2026-10-01');
    // One month shown: the focus's month, as before.
    expect(firstShownMonth(d('2026-11-01'), d('2026-12-01'), 1)).toBe('2026-12-01');
  });
});

describe('the calendar in a wide and a narrow widget', () => {
  let harness: WidgetHarness;
  let width = 0;
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  beforeAll(async () => {
    harness = await startHarness();
    // happy-dom lays nothing out: the widget's width is what this says.
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  });
  afterAll(async () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientWidth', original);
    await harness.close();
  });
  afterEach(() => document.body.replaceChildren());

  async function open(px: number) {
    width = px;
    const el = await mountWidget(harness, { product: '7001', variant: '8001', 'cart-token': 'cart-two' });
    await waitFor(() => expect(el.shadowRoot!.querySelectorAll('table:not([aria-busy])').length).toBeGreaterThan(0));
    return el;
  }
  const tables = (el: BookingWidgetElement) =>
    [...el.shadowRoot!.querySelectorAll('table')].map((t) => t.getAttribute('aria-label'));
  const focusable = (el: BookingWidgetElement) => [
    ...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=day][tabindex="0"]'),
  ];
  const dayButton = (el: BookingWidgetElement, day: string) =>
    el.shadowRoot!.querySelector<HTMLElement>(`[data-day="${day}"]`)!;

  it('shows November and December side by side at 800 px, each its own labelled grid, with one day in the tab order', async () => {
    const el = await open(800);
    expect(tables(el)).toEqual(['November 2026', 'December 2026']);
    expect(el.shadowRoot!.querySelector('[part~=heading]')!.textContent).toMatch(/November.+December 2026/);
    expect([...el.shadowRoot!.querySelectorAll('caption')].map((c) => c.textContent)).toEqual([
      'November 2026',
      'December 2026',
    ]);
    expect(focusable(el)).toHaveLength(1);
    // No empty sixth row in either month.
    for (const body of el.shadowRoot!.querySelectorAll('tbody')) {
      for (const row of body.querySelectorAll('tr')) expect(row.querySelector('[part~=day]')).toBeTruthy();
    }
  });

  it('shows one month at 390 px and at 639 px, two from 640 px', async () => {
    expect(tables(await open(390))).toEqual(['November 2026']);
    document.body.replaceChildren();
    expect(tables(await open(639))).toEqual(['November 2026']);
    document.body.replaceChildren();
    expect(tables(await open(640))).toEqual(['November 2026', 'December 2026']);
  });

  it('moves the focus from 30 November to 1 December with the arrow key without moving the view, and the month buttons move both months', async () => {
    const el = await open(800);
    fireEvent.keyDown(focusable(el)[0]!, { key: 'ArrowDown' });
    await waitFor(() => expect(focusable(el)[0]!.dataset.day).toBe('2026-11-30'));
    fireEvent.keyDown(focusable(el)[0]!, { key: 'ArrowRight' });
    await waitFor(() => expect((el.shadowRoot!.activeElement as HTMLElement).dataset.day).toBe('2026-12-01'));
    expect(tables(el)).toEqual(['November 2026', 'December 2026']);
    expect(focusable(el)).toHaveLength(1);
    fireEvent.click(el.shadowRoot!.querySelector('[part~=nav-next]')!);
    await waitFor(() => expect(tables(el)).toEqual(['December 2026', 'January 2027']));
    fireEvent.click(el.shadowRoot!.querySelector('[part~=nav-previous]')!);
    await waitFor(() => expect(tables(el)).toEqual(['November 2026', 'December 2026']));
  });

  it('picks a range from the last days of November into December across the two grids', async () => {
    const el = await open(800);
    await waitFor(() => expect(dayButton(el, '2026-11-28').getAttribute('data-reason')).toBeNull());
    fireEvent.click(dayButton(el, '2026-11-28'));
    fireEvent.click(dayButton(el, '2026-12-02'));
    await waitFor(() => expect(dayButton(el, '2026-12-02').getAttribute('part')).toContain('day-end'));
    expect(dayButton(el, '2026-11-28').getAttribute('part')).toContain('day-start');
    expect(dayButton(el, '2026-11-30').getAttribute('part')).toContain('day-between');
    expect(dayButton(el, '2026-12-01').getAttribute('part')).toContain('day-between');
    expect(tables(el)).toEqual(['November 2026', 'December 2026']);
  });
});
