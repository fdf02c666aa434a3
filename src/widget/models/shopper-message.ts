/**
 * A failure in words a shopper can read, in the widget's language: what `booking-widget:error`
 * carries as `message` (a theme may show it as it is). The developer's sentence, which names
 * methods, URLs and codes, is the event's `detail`.
 * @module
 */
import type { Failure } from '../api/failure.ts';
import type { Translate } from '../i18n.ts';

/** The shopper's sentence for `failure`, which happened while loading or holding. */
export function shopperMessage(t: Translate, failure: Failure, during: 'load' | 'hold'): string {
  switch (failure.error) {
    case 'network_error':
    case 'timeout':
      return t('errNetwork');
    case 'rate_limited':
      return t('errBusy');
    case 'cart_failed':
      return t('errCart');
    default:
      return t(during === 'load' ? 'errLoad' : 'errHold');
  }
}

/** The sites already warned about on this page: the console hears of each once, however many widgets. */
const warned = new Set<string>();

/**
 * Tells the page's developer, once per site in the console, that the widget's token does not
 * allow this site and how to add it (the service's sentence says how). The shopper sees only
 * the ordinary words: the event's `message`.
 */
export function warnSiteNotAllowed(failure: Failure): void {
  if (!failure.origin || warned.has(failure.origin)) return;
  warned.add(failure.origin);
  console.warn(`booking-widget: ${failure.message}`);
}
