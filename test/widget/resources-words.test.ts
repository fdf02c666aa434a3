/**
 * What ticket types and a shopper's choice say, in the widget's six languages (issue 39): the
 * chosen types and their total by `Intl.NumberFormat`, and a refusal built from the service's
 * codes and names with `Intl.ListFormat`, never its English message.
 */
import { describe, expect, it } from 'vitest';
import type { ResourceShortage, UnavailableItem } from '../../src/shared/errors.ts';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import { resolveSettings } from '../../src/shared/settings.ts';
import { createFormats } from '../../src/widget/format.ts';
import type { ResourceGroup } from '../../src/widget/resources/group.ts';
import { groupShortage, shortageText } from '../../src/widget/resources/shortage.ts';
import { RESOURCE_KEY_COUNT, RESOURCE_LINES, resourceWords } from '../../src/widget/resources/strings.ts';
import { groupTotal, ticketList } from '../../src/widget/resources/summary.ts';

/** Text without bidi isolates and with Intl's narrow and no-break spaces as plain ones. */
const plain = (s: string) => s.replace(/[\u2068\u2069]/g, '').replace(/[\u202f\u00a0]/g, ' ');

const [D24, D25, D27] = ['2026-11-24', '2026-11-25', '2026-11-27'] as [PlainDate, PlainDate, PlainDate];
const types = [
  { variant: '1', title: 'Adult', seats: 1, pool: undefined },
  { variant: '2', title: 'Child', seats: 1, pool: undefined },
];
const config = { price: '79', prices: '1:79,2:49', variant: '1', currency: 'AUD' };

describe('the shared resources’ words', () => {
  it('has every string, with the same placeholders, in each of the six languages', () => {
    expect(Object.keys(RESOURCE_LINES).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'ja']);
    const slots = (line: string) => line.split('|').map((w) => (w.match(/\{\d\}/g) ?? []).sort().join());
    for (const [lang, line] of Object.entries(RESOURCE_LINES)) {
      expect(line.split('|'), lang).toHaveLength(RESOURCE_KEY_COUNT);
      expect(slots(line), lang).toEqual(slots(RESOURCE_LINES.en!));
    }
  });

  it('falls back to English for a language it lacks', () => {
    expect(resourceWords('pt-BR')('any')).toBe('Any');
    expect(resourceWords('de-CH')('any')).toBe('Egal');
  });
});

describe('the chosen ticket types and their total', () => {
  it('says each type with its units and price, in the shopper’s language and currency format', () => {
    const units = { 1: 2, 2: 1 };
    expect(plain(ticketList(types, units, config, createFormats('en'), 'en'))).toBe(
      'Adult 2 × A$79.00, Child 1 × A$49.00',
    );
    expect(plain(ticketList(types, units, config, createFormats('de'), 'de'))).toBe(
      'Adult 2 × 79,00 AU$, Child 1 × 49,00 AU$',
    );
    expect(plain(ticketList(types, units, config, createFormats('ja'), 'ja'))).toMatch(
      /^Adult 2 × A\$79\.00、? ?Child 1 × A\$49\.00$/,
    );
    // Arabic: its own list separator and currency format (as Intl has them); the titles stay
    // isolated in the right-to-left text.
    const f = createFormats('ar');
    expect(ticketList(types, units, config, f, 'ar')).toBe(
      new Intl.ListFormat('ar', { type: 'unit', style: 'short' }).format([
        `\u2068Adult\u2069 ${f.number(2)} × ${f.money(79, 'AUD')}`,
        `\u2068Child\u2069 ${f.number(1)} × ${f.money(49, 'AUD')}`,
      ]),
    );
  });

  it('leaves out types with none, and the prices when the page gave none', () => {
    expect(plain(ticketList(types, { 1: 0, 2: 3 }, { ...config, prices: null }, createFormats('en'), 'en'))).toBe(
      'Child × 3',
    );
  });

  it('totals the types under the widget’s pricing, and claims no total unless every type chosen is priced', () => {
    const perDay = resolveSettings('range', { pricing: 'day' });
    expect(groupTotal(types, { 1: 2, 2: 1 }, config, D24, D25, resolveSettings('date'))).toBe(207);
    expect(groupTotal(types, { 1: 2, 2: 1 }, config, D24, D27, perDay)).toBe(621);
    expect(groupTotal(types, { 1: 2, 2: 1 }, { ...config, prices: '1:79' }, D24, D25, perDay)).toBe(undefined);
    expect(groupTotal(types, { 1: 2, 2: 0 }, { ...config, prices: '1:79' }, D24, D25, perDay)).toBe(79 * 2);
  });
});

const seats: ResourceShortage = {
  code: 'resource_sold_out',
  message: 'Boat seats is not free then.',
  resources: [{ id: 1, name: 'Boat seats', units_free: 2 }],
  free_instead: [],
};
const guides = (code: ResourceShortage['code'], free: number[]): ResourceShortage => ({
  code,
  message: 'Anna is not free then.',
  resources: [
    { id: 2, name: 'Anna', units_free: 0 },
    { id: 3, name: 'Ben', units_free: 1 },
    { id: 4, name: 'Cleo', units_free: 1 },
  ],
  free_instead: free.map((id) => ({ id, name: ['', '', 'Anna', 'Ben', 'Cleo'][id]! })),
});

describe('a refusal by a shared resource, in the shopper’s words', () => {
  const say = (s: ResourceShortage, pick: number | undefined, locale: string) =>
    plain(shortageText(s, pick, 'Tue 24 Nov', resourceWords(locale), locale, (n) => createFormats(locale).number(n)));

  it('says what is left of the seats, or who is not free and who is instead', () => {
    expect(say(seats, undefined, 'en')).toBe('Boat seats: only 2 left on Tue 24 Nov.');
    expect(say(guides('resource_sold_out', [3, 4]), 2, 'en')).toBe(
      'Not free on Tue 24 Nov: Anna. Free instead: Ben or Cleo.',
    );
    expect(say({ ...seats, resources: [{ ...seats.resources[0]!, units_free: 0 }] }, undefined, 'en')).toBe(
      'Not free on Tue 24 Nov: Boat seats.',
    );
  });

  it('joins names as the language does, the pool’s all (“and”) or its alternatives (“or”)', () => {
    const none = guides('resource_sold_out', []);
    none.resources = none.resources.map((r) => ({ ...r, units_free: 0 }));
    expect(say(none, undefined, 'en')).toBe('Not free on Tue 24 Nov: Anna, Ben, and Cleo.');
    expect(say(none, undefined, 'de')).toBe('Am Tue 24 Nov nicht frei: Anna, Ben und Cleo.');
    expect(say(guides('resource_sold_out', [3, 4]), 2, 'fr')).toBe(
      'Pas libre le Tue 24 Nov : Anna. Libre à la place : Ben ou Cleo.',
    );
    expect(say(guides('resource_sold_out', [3, 4]), 2, 'es')).toBe(
      'No libre el Tue 24 Nov: Anna. Libre en su lugar: Ben o Cleo.',
    );
    expect(say(guides('resource_sold_out', [3, 4]), 2, 'ar')).toContain('Ben أو Cleo');
    expect(say(guides('resource_sold_out', [3]), 2, 'ja')).toBe(
      'Tue 24 Novは空きがありません: Anna。 代わりに空いています: Ben。',
    );
  });

  it('says a departure another booking’s guide leads is not free for the pick, whatever units the pick has', () => {
    const led = guides('departure_led', []);
    led.resources[0]!.units_free = 1;
    expect(say(led, 2, 'en')).toBe('Not free on Tue 24 Nov: Anna.');
  });

  it('gives back the seats the group’s earlier items took: the service judges a post’s items in order', () => {
    const item = (external_id: number, quantity: number, status: string, s?: ResourceShortage): UnavailableItem => ({
      external_id,
      start: '',
      finish: '',
      quantity,
      quantity_available: 0,
      status,
      status_code: status === 'ok' ? 1 : 2,
      ...(s && { resource_shortage: s }),
    });
    const group: ResourceGroup = {
      types: types.map((t) => ({ ...t, variant: String(Number(t.variant) + 8009) })),
      pools: [],
      shared: [{ id: 1, name: 'Boat seats' }],
    };
    const items = [
      item(8010, 2, 'ok'),
      item(8011, 1, 'sold_out', { ...seats, resources: [{ id: 1, name: 'Boat seats', units_free: 0 }] }),
    ];
    expect(groupShortage(items[1]!, items, group)?.resources).toEqual([{ id: 1, name: 'Boat seats', units_free: 2 }]);
    expect(groupShortage(items[0]!, items, group)).toBeUndefined();
  });
});
