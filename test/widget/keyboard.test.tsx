/**
 * The calendar's keyboard model (WIDGET.md, Accessibility): roving tabindex, every key of the
 * WAI-ARIA date picker, arrows mirrored right-to-left. Against the real in-process service.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BookingWidgetElement } from '../../src/widget/element.ts';
import { inWidget, mountWidget, startHarness, type WidgetHarness } from '../helpers/render-widget.ts';

let harness: WidgetHarness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());

async function open(attributes: Record<string, string> = {}) {
  document.body.replaceChildren();
  const el = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-k', ...attributes });
  const w = inWidget(el);
  await waitFor(() => expect(el.shadowRoot!.querySelector('table:not([aria-busy])')).toBeTruthy());
  return { el, w };
}

/** The one day button in the tab order. */
function roving(el: BookingWidgetElement): HTMLElement {
  const focusable = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=day][tabindex="0"]')];
  expect(focusable).toHaveLength(1);
  return focusable[0]!;
}

/** Presses `key` on the focused day and returns the day then focused, by its accessible name. */
function press(el: BookingWidgetElement, key: string, shiftKey = false): string {
  fireEvent.keyDown(roving(el), { key, shiftKey });
  const focused = el.shadowRoot!.activeElement as HTMLElement;
  expect(focused).toBe(roving(el));
  return focused.getAttribute('aria-label')!.replace(/, (unavailable|Loading).*$/, '');
}

it('keeps exactly one day in the tab order: the first bookable day', async () => {
  const { el } = await open();
  expect(roving(el).getAttribute('aria-label')).toBe('Sunday, November 22, 2026');
  expect(el.shadowRoot!.querySelectorAll('[part~=day][tabindex="-1"]').length).toBeGreaterThan(20);
});

it('moves by day and week with the arrows, to the week ends with Home and End', async () => {
  const { el } = await open();
  roving(el).focus();
  expect(press(el, 'ArrowRight')).toBe('Monday, November 23, 2026');
  expect(press(el, 'ArrowLeft')).toBe('Sunday, November 22, 2026');
  expect(press(el, 'ArrowDown')).toBe('Sunday, November 29, 2026');
  expect(press(el, 'ArrowUp')).toBe('Sunday, November 22, 2026');
  expect(press(el, 'End')).toBe('Saturday, November 28, 2026');
  expect(press(el, 'Home')).toBe('Sunday, November 22, 2026');
  // Across the month's end, the next month is shown.
  expect(press(el, 'ArrowDown')).toBe('Sunday, November 29, 2026');
  expect(press(el, 'ArrowDown')).toBe('Sunday, December 6, 2026');
  expect(inWidget(el).getByRole('heading').textContent).toBe('December 2026');
});

it('moves from the day that has focus however it got there (a script, a screen reader), not from the last roving day', async () => {
  const { el } = await open();
  const w = inWidget(el);
  const dayButton = (name: string) => w.getByRole('button', { name: new RegExp(`^${name}`) });
  // Focused directly, as a screen reader's virtual cursor or a script would, then a key at once.
  dayButton('Thursday, November 26, 2026').focus();
  fireEvent.keyDown(dayButton('Thursday, November 26, 2026'), { key: 'ArrowRight' });
  await waitFor(() => expect(roving(el).getAttribute('aria-label')).toMatch(/^Friday, November 27, 2026/));
  expect(el.shadowRoot!.activeElement).toBe(roving(el));
  dayButton('Wednesday, November 25, 2026').focus();
  fireEvent.keyDown(dayButton('Wednesday, November 25, 2026'), { key: 'Home' });
  await waitFor(() => expect(roving(el).getAttribute('aria-label')).toMatch(/^Sunday, November 22, 2026/));
  // Focus alone moves the tab order too.
  dayButton('Tuesday, November 24, 2026').focus();
  await waitFor(() => expect(roving(el).getAttribute('aria-label')).toMatch(/^Tuesday, November 24, 2026/));
  expect(press(el, 'PageDown')).toBe('Thursday, December 24, 2026');
});

it('moves by month with PageUp/PageDown and by year with Shift, never before this month', async () => {
  const { el } = await open();
  roving(el).focus();
  expect(press(el, 'PageDown')).toBe('Tuesday, December 22, 2026');
  // A year on is past the 365-day horizon: the focus stops at its last day.
  expect(press(el, 'PageDown', true)).toBe('Monday, November 22, 2027');
  expect(press(el, 'PageUp', true)).toBe('Sunday, November 22, 2026');
  expect(press(el, 'PageDown')).toBe('Tuesday, December 22, 2026');
  expect(press(el, 'PageUp')).toBe('Sunday, November 22, 2026');
  // Before the current month there is nothing to book: the focus stays in it.
  expect(press(el, 'PageUp')).toBe('Sunday, November 1, 2026');
});

it('chooses the focused day with Enter and with Space; unavailable days stay focusable', async () => {
  const { el } = await open();
  roving(el).focus();
  press(el, 'ArrowRight');
  press(el, 'Enter');
  expect(roving(el).getAttribute('aria-pressed')).toBe('true');
  press(el, 'ArrowRight');
  press(el, ' ');
  expect(roving(el).getAttribute('aria-pressed')).toBe('true');
  expect(roving(el).getAttribute('aria-label')).toBe('Tuesday, November 24, 2026');
  // A past day takes the focus and says why, but cannot be chosen.
  press(el, 'ArrowUp');
  expect(roving(el).getAttribute('aria-label')).toBe('Tuesday, November 17, 2026, unavailable: in the past');
  expect(roving(el).getAttribute('aria-disabled')).toBe('true');
  press(el, 'Enter');
  expect(roving(el).getAttribute('aria-pressed')).toBe('false');
});

it('in a range, says which focused days cannot end it and why, and Enter on one starts new dates from it', async () => {
  // Issue 27: after a refused end every later day was refused too, by keyboard as by mouse.
  const { el } = await open({ product: '7001', variant: '8001' });
  const w = inWidget(el);
  const message = () => el.shadowRoot!.querySelector('[part=message]')!.textContent;
  const info = () => el.shadowRoot!.querySelector('[part=day-info]')!.textContent;
  const pressed = () =>
    [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=day][aria-pressed=true]')].map((b) => b.dataset.day);
  w.getByRole('button', { name: /^Tuesday, November 24, 2026/ }).focus();
  await waitFor(() => expect(roving(el).dataset.day).toBe('2026-11-24'));
  expect(press(el, 'PageDown')).toBe('Thursday, December 24, 2026');
  for (const _ of [1, 2, 3]) press(el, 'ArrowUp');
  press(el, 'Enter');
  expect(pressed()).toEqual(['2026-12-03']);
  press(el, 'ArrowDown');
  expect(press(el, 'ArrowDown')).toBe('Thursday, December 17, 2026, cannot end your dates: too long');
  expect(info()).toBe('Thursday, December 17, 2026, cannot end your dates: too long');
  press(el, 'Enter');
  expect(pressed()).toEqual(['2026-12-17']);
  expect(message()).toBe(
    'Choose 1 to 7 days. Your dates start again from Thursday, December 17, 2026: now choose the end date.',
  );
  press(el, 'ArrowRight');
  expect(press(el, 'ArrowRight')).toBe('Saturday, December 19, 2026');
  expect(info()).toBe('');
  press(el, 'Enter');
  expect(pressed()).toEqual(['2026-12-17', '2026-12-18', '2026-12-19']);
  // Across Christmas (blacked out): Enter on the day after starts new dates there.
  for (const _ of [1, 2, 3, 4, 5]) press(el, 'ArrowRight');
  press(el, 'Enter');
  expect(pressed()).toEqual(['2026-12-24']);
  press(el, 'ArrowRight');
  expect(press(el, 'ArrowRight')).toBe(
    'Saturday, December 26, 2026, cannot end your dates: an unavailable day in between',
  );
  press(el, 'Enter');
  expect(pressed()).toEqual(['2026-12-26']);
  expect(message()).toMatch(/^Friday, December 25, 2026 is unavailable\. Your dates start again from Saturday/);
});

it('mirrors the arrows right-to-left, in Arabic', async () => {
  const { el, w } = await open({ locale: 'ar' });
  expect(el.shadowRoot!.firstElementChild!.getAttribute('dir')).toBe('rtl');
  expect(w.getByRole('button', { name: 'الشهر التالي' })).toBeTruthy();
  const start = roving(el).getAttribute('aria-label');
  roving(el).focus();
  fireEvent.keyDown(roving(el), { key: 'ArrowLeft' });
  const next = roving(el).getAttribute('aria-label');
  expect(next).not.toBe(start);
  fireEvent.keyDown(roving(el), { key: 'ArrowRight' });
  expect(roving(el).getAttribute('aria-label')).toBe(start);
  // A day's name is joined with Arabic's own separator, never an ASCII comma.
  roving(el).blur();
  fireEvent.click(inWidget(el).getByRole('button', { name: /^الشهر السابق/ }));
  const past = [...el.shadowRoot!.querySelectorAll('[data-reason=past]')].map((b) => b.getAttribute('aria-label')!);
  expect(past.length).toBeGreaterThan(0);
  for (const name of past) expect(name).not.toMatch(/, /);
  expect(past[0]).toContain('، ');
  // ArrowLeft went forward in time: the day after the 22nd, in Arabic digits or not.
  expect(next).toContain(
    new Intl.DateTimeFormat('ar', { timeZone: 'UTC', day: 'numeric' }).format(Date.UTC(2026, 10, 23)),
  );
});

it('heads each column with a short and a one-letter weekday name (the letter for narrow widgets) and the full name for screen readers, in Arabic', async () => {
  const { el } = await open({ locale: 'ar' });
  const first = el.shadowRoot!.querySelector('th')!;
  const [short = '', narrow = '', full = ''] = [...first.querySelectorAll('span')].map((s) => s.textContent!);
  // The 22nd of November 2026 was a Sunday; the week of an Arabic calendar starts on Saturday.
  const names = (weekday: 'short' | 'narrow' | 'long') =>
    [0, 1, 2, 3, 4, 5, 6].map((i) =>
      new Intl.DateTimeFormat('ar', { timeZone: 'UTC', weekday }).format(Date.UTC(2026, 10, 21 + i)),
    );
  expect(names('short')).toContain(short);
  expect(names('narrow')).toContain(narrow);
  expect(names('long')).toContain(full);
  expect([...narrow]).toHaveLength(1);
  expect(short.length).toBeGreaterThan(1);
});
