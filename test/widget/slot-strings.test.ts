/**
 * The slot list's words (issue 29): every language the widget speaks has every one of them,
 * and an unknown language reads English.
 */
import { expect, it } from 'vitest';
import { LOCALES } from '../../src/widget/i18n.ts';
import { SLOT_KEY_COUNT, SLOT_LINES, slotWords } from '../../src/widget/slot/strings.ts';

it('has every slot list string in each of the widget’s languages, and English for any other', () => {
  expect(Object.keys(SLOT_LINES).sort()).toEqual(['en', ...Object.keys(LOCALES)].sort());
  for (const [lang, line] of Object.entries(SLOT_LINES)) {
    const words = line.split('|');
    expect(words, lang).toHaveLength(SLOT_KEY_COUNT);
    expect(
      words.every((w) => w.trim().length > 0),
      lang,
    ).toBe(true);
  }
  expect(slotWords('de-CH')('times', 'Montag')).toBe('Uhrzeiten am Montag');
  expect(slotWords('ar')('yours', '9:00')).toBe('9:00 بتوقيتك');
  expect(slotWords('pt-BR')('pickTime')).toBe('Choose a time.');
});
