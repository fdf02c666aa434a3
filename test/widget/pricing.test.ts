/**
 * What a choice costs (issue 16): the price applies per day, per night or once per booking
 * (the widget's `pricing`), and a range counted in nights says "N nights".
 */
import { describe, expect, it } from 'vitest';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import { resolveSettings } from '../../src/shared/settings.ts';
import { createFormats } from '../../src/widget/format.ts';
import { formatLength } from '../../src/widget/hold/hold-format.ts';
import { ENGLISH, translator } from '../../src/widget/i18n.ts';
import de from '../../src/widget/locales/de.ts';
import { amountOf, lengthOf, priceUnits } from '../../src/widget/pricing.ts';

const d = (s: string) => s as PlainDate;
const t = translator(ENGLISH);
const f = createFormats('en');

describe('what a range costs', () => {
  // 24 to 27 November, finish exclusive: three days held, or three nights (check-out on the 27th).
  const start = d('2026-11-24'),
    finish = d('2026-11-27');

  it('per day, a three-day range costs three times the price, times the units', () => {
    const s = resolveSettings('range', { pricing: 'day' });
    expect(priceUnits(start, finish, s)).toBe(3);
    expect(amountOf(65, 2, start, finish, s)).toBe(390);
  });

  it('per night, three nights cost three times the price; three days cost two nights', () => {
    expect(priceUnits(start, finish, resolveSettings('range', { count: 'nights' }))).toBe(3);
    expect(priceUnits(start, finish, resolveSettings('range', { pricing: 'night' }))).toBe(2);
    // Three nights priced per day are four days.
    expect(priceUnits(start, finish, resolveSettings('range', { count: 'nights', pricing: 'day' }))).toBe(4);
  });

  it('per booking, any length costs the price once per unit', () => {
    const s = resolveSettings('range', { pricing: 'booking' });
    expect(priceUnits(start, finish, s)).toBe(1);
    expect(amountOf(120, 2, start, finish, s)).toBe(240);
  });

  it('never charges nothing: one day priced per night is one night', () => {
    expect(priceUnits(start, d('2026-11-25'), resolveSettings('range', { pricing: 'night' }))).toBe(1);
  });
});

describe('how long a range is, in words', () => {
  it('says "N nights" for a range counted in nights, "1 night" for one, and days otherwise', () => {
    const nights = resolveSettings('range', { count: 'nights' });
    expect(formatLength(f, t, 'en', lengthOf(d('2026-11-24'), d('2026-11-27'), nights))).toBe('3 nights');
    expect(formatLength(f, t, 'en', lengthOf(d('2026-11-24'), d('2026-11-25'), nights))).toBe('1 night');
    expect(formatLength(f, t, 'en', lengthOf(d('2026-11-24'), d('2026-11-27'), resolveSettings('range')))).toBe(
      '3 days',
    );
  });

  it('in German, by the language’s plural rules', () => {
    const nights = resolveSettings('range', { count: 'nights' });
    expect(
      formatLength(createFormats('de'), translator(de), 'de', lengthOf(d('2026-11-24'), d('2026-11-26'), nights)),
    ).toBe('2 Nächte');
  });
});
