/**
 * The cart's hold: each held item (titles isolated for bidi) with its days in the shop's zone,
 * its length and quantity, the total when the page gave a price, the time left, and what to do
 * next: check out, keep holding (near the end), release. Once it ran out: that it did and a
 * way to hold it again. Shows only what the service confirmed; titles are text, never markup.
 * A hold the shopper asked for (Reserve, Update hold, Keep holding, Hold again, Retry) moves the
 * focus to the panel's title, as a release moves it to the note that says so: the button
 * pressed is gone or moved, and the focus must never fall to the page's body.
 * The countdown is a component of its own, so the one-second tick re-renders it alone.
 * @module
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { heldPeriod } from './zone-names.ts';
import type { HoldView as View } from './hold-view.ts';
import { checkoutUrl, holdTotal } from './totals.ts';
import { useHoldStyles } from './hold-styles.ts';
import type { Hold } from './hold-model.ts';
import { itemTitle } from './item-title.ts';

/** The hold panel; a note once released; nothing while there is no hold. */
export function HoldPanel({ vm, hold }: { vm: View; hold: Hold }) {
  const t = vm.t.value;
  const f = vm.formats.value;
  const r = vm.booking.reservation.value;
  const holding = vm.booking.holding.value;
  const released = useRef<HTMLParagraphElement>(null);
  const title = useRef<HTMLParagraphElement>(null);
  const box = useHoldStyles<HTMLDivElement>();
  const gone = !r && !!hold.released.value;
  // After a release the focus goes to the note that says so, never to the page's body.
  useLayoutEffect(() => {
    if (gone) released.current?.focus();
  }, [gone]);
  // A new hold the shopper asked for: its title takes the focus (never one found on loading).
  useLayoutEffect(() => {
    if (!r || !hold.focusHeld.peek()) return;
    hold.focusHeld.value = false;
    title.current?.focus();
  }, [r]);
  if (!r) {
    if (hold.expired.value) {
      return (
        <div part="hold hold-expired" ref={box}>
          <p>{t('expired')}</p>
          <button
            type="button"
            part="reserve-button"
            aria-disabled={holding ? 'true' : undefined}
            onClick={hold.holdAgain}
          >
            {t(vm.booking.busy.value ? 'busy' : holding ? 'reserving' : 'again')}
          </button>
        </div>
      );
    }
    if (gone)
      return (
        <p part="hold-released" tabIndex={-1} ref={released}>
          {hold.releasedNote.value}
        </p>
      );
    // A page load took a hold that had run out out of the cart: said on the page too.
    return hold.swept.value ? <p part="hold-expired">{t('expiredCart')}</p> : null;
  }
  const nights = vm.booking.nights.value;
  const range = vm.booking.isRange.value;
  const total = holdTotal(vm, r);
  const pick = hold.pickNote.value;
  const checkout = checkoutUrl(vm.config.value);
  return (
    <div part="hold" ref={box}>
      <p part="hold-title" tabIndex={-1} ref={title}>
        {t('held')}
      </p>
      <ul>
        {r.items.map((i) => (
          <li part="hold-item" key={`${i.external_id} ${i.start}`}>
            <bdi>{itemTitle(i)}</bdi>: {heldPeriod(f, i, r.tz, nights, vm.locale.value)}
            {range ? ` (${hold.lengthText(i.start, i.finish, r.tz)})` : ''} × {f.number(i.quantity)}
          </li>
        ))}
      </ul>
      {/* The guide picked, once the service held the post that named them (a pick it cannot take is a 409). */}
      {pick && <p part="hold-pick">{pick}</p>}
      {total && <p part="total">{t('total', total)}</p>}
      <Countdown vm={vm} hold={hold} />
      {/* Off Shopify, with no checkout-url and no cart of the page's own: the shopper is told what can be done. */}
      {!checkout && !hold.pageCart.value && <p part="hold-next">{t('nextStep')}</p>}
      {/* The answers go with Check out: without one there is nothing to answer for (the page
          that takes the hold into a cart of its own asks what it needs itself). */}
      {checkout && <HoldQuestionsForm hold={hold} />}
      <div class="row">
        {checkout && (
          <a
            part="checkout-button"
            href={checkout}
            aria-disabled={hold.questions.blocked.value ? 'true' : undefined}
            onClick={(e) => hold.questions.checkout(e, checkout)}
          >
            {t('checkout')}
          </a>
        )}
        <KeepHolding vm={vm} hold={hold} />
        <button type="button" part="release-button" aria-disabled={holding ? 'true' : undefined} onClick={hold.release}>
          {t('release')}
        </button>
      </div>
    </div>
  );
}

/** The questions the hold asks, once their file has loaded (issue 27). */
function HoldQuestionsForm({ hold }: { hold: Hold }) {
  const f = hold.questions.feature.value;
  return f ? <f.QuestionsForm model={f.model} /> : null;
}

/** Until when the hold lasts and the minutes and seconds left, re-rendered each second; prominent near the end. */
function Countdown({ vm, hold }: { vm: View; hold: Hold }) {
  const t = vm.t.value;
  const f = vm.formats.value;
  const seconds = Math.ceil(hold.clock.remaining.value / 1000);
  return (
    <p>
      {hold.clock.heldUntil.value}{' '}
      <span part={hold.clock.ending.value ? 'countdown countdown-ending' : 'countdown'}>
        {t('timeLeft', `${f.number(Math.floor(seconds / 60))}:${f.number(seconds % 60, 2)}`)}
      </span>
    </p>
  );
}

/** "Keep holding", offered once the end is near (WCAG 2.2.1: time to ask for more). */
function KeepHolding({ vm, hold }: { vm: View; hold: Hold }) {
  if (!hold.clock.ending.value) return null;
  return (
    <button
      type="button"
      part="keep-button"
      aria-disabled={vm.booking.holding.value ? 'true' : undefined}
      onClick={hold.keep}
    >
      {vm.t.value('keep')}
    </button>
  );
}

/** Why the last hold failed: each item that did not fit, with Retry unless nothing can; focused when it appears. */
export function HoldProblem({ vm, hold }: { vm: View; hold: Hold }) {
  const failure = vm.booking.holdFailure.value;
  const alert = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    if (failure) alert.current?.focus();
  }, [failure]);
  if (!failure) return null;
  return (
    <p part="error" role="alert" tabIndex={-1} ref={alert}>
      {hold.holdProblem.value}{' '}
      {failure.error !== 'unavailable' && (
        <button type="button" part="retry-button" onClick={vm.selection.reserve}>
          {vm.t.value('retry')}
        </button>
      )}
    </p>
  );
}
