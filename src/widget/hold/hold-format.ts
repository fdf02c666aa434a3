/**
 * Words only the hold's file says (a choice's length in days or nights): here rather
 * than in `format.ts`, whose code is shared with the calendar and so loads before it is
 * interactive, where these bytes would be waste for every widget.
 * @module
 */
import type { Formats } from '../format.ts';
import type { Translate } from '../i18n.ts';

/** "3 days", "1 night": a length in the widget's language (days through Intl, nights through the strings). */
export function formatLength(
  f: Formats,
  t: Translate,
  locale: string,
  length: { n: number; unit: 'day' | 'night' },
): string {
  const { n, unit } = length;
  return unit === 'day'
    ? f.days(n)
    : t(new Intl.PluralRules(locale).select(n) === 'one' ? 'night' : 'nights', f.number(n));
}
