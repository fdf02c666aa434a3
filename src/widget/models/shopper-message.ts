/**
 * A failure in words a shopper can read, in the widget's language: what `booking-widget:error`
 * carries as `message` (a theme may show it as it is). The developer's sentence, which names
 * methods, URLs and codes, is the event's `detail`.
 * @module
 */
import type { Failure } from '../api/failure.ts';
import type { Translate } from '../i18n.ts';

/** Whether the console was told of a refusal on this page: once is enough, however many widgets or requests. */
let told = false;

/** The shopper's sentence for `failure`, which happened while loading or holding. */
export function shopperMessage(t: Translate, failure: Failure, during: 'load' | 'hold'): string {
  // A refusal (the token does not list this site, a secret token in a page) is the page's
  // developer's to mend: the console hears the service's words once (the client's sentence names
  // the request, so no prefix); the shopper reads the ordinary sentence below.
  if (failure.error === 'forbidden' && !told) console.warn(failure.message);
  told ||= failure.error === 'forbidden';
  switch (failure.error) {
    case 'network_error':
    case 'timeout':
      return t('errNetwork');
    case 'rate_limited':
      return t('errBusy');
    case 'cart_failed':
      return t('errCart');
    // A 409: trying the same again cannot work; the widget's alert names each day that did not fit.
    case 'unavailable':
      return `${t('holdError')} ${t('pickOther')}`;
    default:
      return t(during === 'load' ? 'errLoad' : 'errHold');
  }
}
