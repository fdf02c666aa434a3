/**
 * Text put together from parts in the shopper's language (issue 16): a day's reason under the
 * pointer keeps every character in Japanese, and in Arabic the parts are joined with Arabic
 * separators and a Latin title is isolated for bidi (FSI … PDI), so it never reorders the
 * sentence around it: in day names, in the focused day's line, in messages and in the hold.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import { createFormats, dayLabel, whyNot } from '../../src/widget/format.ts';
import { translator } from '../../src/widget/i18n.ts';
import ar from '../../src/widget/locales/ar.ts';
import ja from '../../src/widget/locales/ja.ts';
import { mountWidget, startHarness, type WidgetHarness } from '../helpers/render-widget.ts';

const FSI = '\u2068',
  PDI = '\u2069';
const christmas = '2026-12-25' as PlainDate;

describe('a day’s words, put together', () => {
  it('in Arabic joins a day’s name and state with the Arabic comma and isolates a Latin blackout title', () => {
    const f = createFormats('ar'),
      t = translator(ar);
    expect(dayLabel(f, t, christmas, 'closed', { title: 'Christmas' })).toBe(
      `${f.day(christmas)}، غير متاح: ${FSI}Christmas${PDI}`,
    );
    expect(dayLabel(f, t, christmas, undefined, { role: 'start', left: 2 })).toBe(
      `${f.day(christmas)}، البداية، متبقٍ ${f.number(2)}`,
    );
  });

  it('in Japanese writes the reason with the Japanese colon, every character kept', () => {
    const f = createFormats('ja'),
      t = translator(ja);
    expect(whyNot(f, t, 'past')).toBe('予約不可：過去の日付');
    expect(dayLabel(f, t, christmas, 'past')).toBe(`${f.day(christmas)}、予約不可：過去の日付`);
  });
});

describe('in the widget', () => {
  let harness: WidgetHarness;
  beforeEach(async () => {
    harness = await startHarness();
  });
  afterEach(() => harness.close());

  async function open(locale: string, product = '7002', variant = '8003') {
    const el = await mountWidget(harness, { product, variant, 'cart-token': 'cart-l', locale });
    await waitFor(() => expect(el.shadowRoot!.querySelector('table:not([aria-busy])')).toBeTruthy());
    const day = (d: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-day="${d}"]`)!;
    return { el, day };
  }

  it('in Japanese, the reason under the pointer is the whole reason, its first character included', async () => {
    const { day } = await open('ja');
    expect(day('2026-11-21').title).toBe('予約不可：過去の日付');
  });

  it('in Arabic, a closed day’s line and message isolate its Latin shopper reason, and the hold’s items are joined with the Arabic comma', async () => {
    const { el, day } = await open('ar', '7001', '8001');
    fireEvent.click(el.shadowRoot!.querySelector('[part~=nav-next]')!);
    await waitFor(() => expect(day(christmas).getAttribute('data-reason')).toBe('closed'));
    fireEvent.click(day(christmas));
    const message = el.shadowRoot!.querySelector('[part=message]')!.textContent!;
    expect(message).toContain(`غير متاح: ${FSI}Christmas Day${PDI}`);
    expect(el.shadowRoot!.querySelector('[part=day-info]')!.textContent).toBe(message);
    expect(day(christmas).title).toBe(`غير متاح: ${FSI}Christmas Day${PDI}`);

    fireEvent.click(day('2026-12-08'));
    fireEvent.click(day('2026-12-08'));
    fireEvent.click(el.shadowRoot!.querySelector('[part~=reserve-button]')!);
    const live = el.shadowRoot!.querySelector('p.sr[aria-live=polite]')!;
    await waitFor(() => expect(live.textContent).toMatch(/^محجوز: /), { timeout: 10_000 });
    expect(live.textContent).toContain(`${FSI}Kayak hire – Single kayak${PDI}، `);
    expect(live.textContent).not.toContain(', ');
  });
});
