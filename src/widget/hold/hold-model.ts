/**
 * The cart's hold, in the file loaded on the first pick: holding (with the Shopify cart after
 * it), keeping it (a renewal before it runs out), releasing it, the explanation of a 409 item
 * by item, and what is said about each (the polite live region). On Shopify a hold's lines
 * leave the cart when it is released or runs out, or when "Update hold" holds other days, and
 * the shopper is told; lines of a hold that ran out while the page was closed leave it on the
 * next page load. A hold the shopper asked for (not one found on loading) takes the focus.
 * @module
 */
import { type ReadonlySignal, batch, computed, createModel, effect, signal } from '@preact/signals';
import type { Reservation } from '../../shared/records.ts';
import { shopify } from '../api/cart.ts';
import { type Formats, isolate, periodDays, shopDay } from '../format.ts';
import { formatLength } from './hold-format.ts';
import type { Translate } from '../i18n.ts';
import type { Booking } from '../models/booking-model.ts';
import type { HoldRequest, ModelDeps } from '../models/booking-types.ts';
import { lengthOf, priceUnits } from '../pricing.ts';
import { priceUnitsOfSlots } from '../../shared/pricing.ts';
import { formatDuration, formatTimeSpan, heldText } from './times.ts';
import type { HoldPicks } from './hold-picks.ts';
import { HoldClock } from './hold-clock.ts';
import { type QuestionsFile, holdQuestions } from './questions-loader.ts';
import { type ItemLine, addToShopifyCart, pruneShopifyCart, removeFromShopifyCart } from './shopify-cart.ts';
import { itemTitle } from './item-title.ts';

/** The cart's hold: its countdown, its actions and what is said about it. */
export const HoldModel = createModel(
  (
    deps: ModelDeps,
    booking: Booking,
    t: ReadonlySignal<Translate>,
    formats: ReadonlySignal<Formats>,
    locale: ReadonlySignal<string>,
    loadQuestions: QuestionsFile,
    /** How many slots a held time of day spans (a slot widget's list knows its slots' length). */
    slotsOf: (p: { start: string; finish: string }) => number = () => 1,
    picks?: HoldPicks,
  ) => {
    const { emit, signal: abort } = deps;
    const { nights, settings } = booking;
    /** The hold that ran out, kept to say so and to hold it again. */
    const expired = signal<Reservation | undefined>(undefined);
    /** The last hold released by the shopper (its panel says so). */
    const released = signal<Reservation | undefined>(undefined);
    /**
     * Set while a hold the shopper asked for is on its way: once shown, the hold panel's title
     * takes the focus (the button pressed is gone). A hold found on a page load never takes it.
     */
    const focusHeld = signal(false);
    /** Set when a page load found lines of a hold that had run out, and took them out of the cart. */
    const swept = signal(false);
    /** Set when the page called `preventDefault()` on `booking-widget:reserved`: its own cart has the hold. */
    const pageCart = signal(false);
    const clock = new HoldClock(booking, t, formats, locale, (r) => {
      expired.value = r;
      booking.expire();
      // The page hears of it once the cart has followed, so a theme refreshing its cart on the
      // event sees the lines gone (as `reserved` comes after /cart/add.js has answered).
      void leaveCart(r, 'expiredCart', t.peek()('expired')).then(
        () => abort.aborted || emit('booking-widget:expired', r),
      );
    });
    const { announcement } = clock;

    /** "3 days", "2 nights": a length in the widget's language. */
    const lengthText = (start: string, finish: string, tz: string) => {
      return formatLength(
        formats.peek(),
        t.peek(),
        locale.peek(),
        lengthOf(shopDay(start, tz), shopDay(finish, tz), settings.peek()),
      );
    };

    /** The hold's items as the shopper reads them: titles isolated for bidi, parts joined with the language's separator, items as it joins a list. */
    const heldItems = (r: Reservation) => {
      const f = formats.peek();
      return f.list(
        r.items.map(
          (i) =>
            `${isolate(itemTitle(i))}${t.peek()('sep')}${heldText(f, i, r.tz, nights.peek(), locale.peek())} × ${f.number(i.quantity)}`,
        ),
      );
    };

    // A page load on Shopify: once the cart's reservation is known, booking lines it does not
    // hold leave the cart (a hold that ran out while the page was closed, whose lines nothing
    // else would take out), and the shopper is told when the hold itself is gone. Holding waits
    // for it, so the two never change the same lines at once.
    let sweep: Promise<unknown> | undefined;
    effect(() => {
      if (sweep || !shopify() || !booking.loaded.value.reservation) return;
      const r = booking.reservation.peek();
      sweep = pruneShopifyCart(r, deps.fetch, deps.storefrontJson, abort).then(
        (gone) => {
          if (!gone.length || r || abort.aborted) return;
          swept.value = true;
          announcement.value = t.peek()('expiredCart');
        },
        (e: unknown) => cartFailed(e),
      );
      // Once per page load: from here on a hold's lines are the hold's own business.
    });

    /** On Shopify, takes `r`'s lines out of the cart and says `said` (or `fallback` elsewhere). */
    async function leaveCart(r: Reservation, said: 'released' | 'expiredCart', fallback: string) {
      if (!shopify()) return void (announcement.value = fallback);
      try {
        await removeFromShopifyCart(r.id, deps.fetch, deps.storefrontJson, abort);
        if (!abort.aborted) announcement.value = t.peek()(said);
      } catch (e) {
        cartFailed(e);
      }
    }

    /** The cart could not follow the hold: the theme is told, in the shopper's words. */
    function cartFailed(e: unknown) {
      if (!abort.aborted)
        emit('booking-widget:error', {
          error: 'cart_failed',
          message: t.peek()('errCart'),
          detail: String((e as Error)?.message ?? e),
        });
    }

    /**
     * What went wrong with the last hold: each item that did not fit and what is left of it (a
     * shared resource's shortage as the resources' file says it), then once what can work
     * (fewer, or other dates; never "try again"). Only a 409's failure carries items (see
     * `toFailure`); any other is "Could not hold these dates."
     */
    const holdProblem = computed(() => {
      const e = booking.holdFailure.value;
      const tr = t.value,
        f = formats.value;
      const tz = booking.widget.value?.tz ?? 'UTC';
      const misfits = e?.items?.filter((i) => i.status !== 'ok') ?? [];
      let fewer = false;
      const said = misfits.map((i) => {
        const period = heldText(f, i, tz, nights.value, locale.value, booking.widget.value?.type === 'slot');
        const sold = i.status === 'sold_out';
        const short = picks?.shortage(i, period, e!.items!);
        fewer ||= short ? short.fewer : sold && !!i.quantity_available;
        // Nothing left is a fully booked day, not "only 0 left".
        return (
          short?.said ??
          (sold && i.quantity_available
            ? tr('onlyLeft', period, f.number(i.quantity_available))
            : `${period}: ${tr(sold ? 'sold' : 'unavailable')}.`)
        );
      });
      // Ticket types refused by the same seats say so once.
      return !e
        ? ''
        : !misfits.length
          ? tr('holdError')
          : `${[...new Set(said)].join(' ')} ${tr(fewer ? 'pickFewer' : 'pickOther')}`;
    });

    /**
     * Holds `items`; a 409 refreshes availability. On Shopify the held items go into the cart
     * first, each line worth what it holds, and `booking-widget:reserved` follows once
     * `/cart/add.js` has answered, so a theme refreshing its cart drawer on that event sees it.
     */
    async function holdItems(items: HoldRequest[]) {
      // One hold at a time: a second press must not undo the first one's focus.
      if (booking.holding.peek()) return;
      focusHeld.value = true;
      const held = await booking.hold(items);
      const variants = [...new Set(items.map((i) => i.variant))];
      if (!held) {
        focusHeld.value = false;
        // In one batch: the calendar asks again once every variant is forgotten (an answer to a
        // request sent between two refreshes would be dropped as older than the second).
        if (booking.holdFailure.peek()?.error === 'unavailable')
          batch(() => {
            for (const v of variants) booking.refreshAvailability(v);
          });
        return;
      }
      picks?.remember(held, items);
      expired.value = released.value = undefined;
      swept.value = false;
      // "It is in your cart." only once every line is: a failed add is said as the error it is.
      let inCart = !!shopify();
      if (inCart) {
        await sweep;
        const line: ItemLine = (i) =>
          i.all_day === 0
            ? // A time of day (SLOTS.md §3): the day and time in the shop's zone; per person the
              // line is the units, per slot the units times the slots held (a run of them).
              {
                quantity: i.quantity * priceUnitsOfSlots(slotsOf(i), settings.peek()),
                properties: {
                  When: formatTimeSpan(i, held.tz, locale.peek()),
                  Units: formats.peek().number(i.quantity),
                  Length: formatDuration(i, locale.peek()),
                },
              }
            : dayLine(i);
        const dayLine: ItemLine = (i) => {
          const [first, last] = periodDays(i, held.tz, nights.peek());
          const f = formats.peek();
          const start = shopDay(i.start, held.tz),
            finish = shopDay(i.finish, held.tz);
          return {
            quantity: i.quantity * priceUnits(start, finish, settings.peek()),
            properties: {
              Start: f.short(first),
              Finish: f.short(last),
              Units: f.number(i.quantity),
              Length: lengthText(i.start, i.finish, held.tz),
            },
          };
        };
        await addToShopifyCart(held, variants, line, deps.fetch, deps.storefrontJson, abort).catch((e: unknown) => {
          inCart = false;
          cartFailed(e);
        });
      }
      if (abort.aborted) return;
      // What was held, until when, and that it is in the cart: said once.
      announcement.value = `${t.peek()('heldSay', heldItems(held), clock.until.peek())}${inCart ? ` ${t.peek()('inCart')}` : ''}`;
      pageCart.value = emit('booking-widget:reserved', held) === false;
    }

    /** The items of `r` as they were, to hold again (with the shopper's picks: the same guide). */
    const again = (r: Reservation): HoldRequest[] =>
      r.items.map((i) => {
        const pick = picks?.pickOf(r, String(i.external_id));
        return {
          variant: String(i.external_id),
          // A time of day by its instants (SLOTS.md §2), days by their dates.
          start: i.all_day === 0 ? i.start : shopDay(i.start, r.tz),
          finish: i.all_day === 0 ? i.finish : shopDay(i.finish, r.tz),
          quantity: i.quantity,
          ...(pick !== undefined && { resource_id: pick }),
        };
      });

    return {
      announcement,
      expired,
      released,
      focusHeld,
      swept,
      pageCart,
      holdProblem,
      holdItems,
      clock,
      lengthText,
      /** Who the shopper picked for the cart's hold in a shopper pool, in words; undefined when not known. */
      pickNote: computed(() => {
        const r = booking.reservation.value;
        return r && picks?.note(r);
      }),
      /** The questions the hold asks, answered before Check out (issue 27). */
      questions: holdQuestions(deps, booking, locale, loadQuestions),

      /** What the note after a Release says: on Shopify the lines left the cart too; elsewhere there is no cart of ours. */
      releasedNote: computed(() => t.value(shopify() ? 'released' : 'releasedFree')),

      /** Holds the items of the hold that ran out again, as they were. */
      async holdAgain() {
        const r = expired.value;
        if (r) await holdItems(again(r));
      },

      /** Keeps holding: the same items again, which renews the hold for its full length. */
      async keep() {
        const r = booking.reservation.value;
        if (r) await holdItems(again(r));
      },

      /** Releases the hold at once; on Shopify its lines leave the cart. */
      async release() {
        const r = await booking.release();
        if (!r) return;
        released.value = r;
        await leaveCart(r, 'released', t.peek()('releasedFree'));
        if (!abort.aborted) emit('booking-widget:released', r);
      },
    };
  },
);

/** An instance of the hold model. */
export type Hold = InstanceType<typeof HoldModel>;
