/**
 * A product's shared resources as the shopper meets them (RESOURCES.md §4), a file of its own:
 * loaded by the hold's file only when the widget record says the product has ticket types or a
 * pool the shopper may choose from, so no other widget loads these bytes. Ticket types get one
 * stepper each in place of the quantity, with their prices and the group's total, and are held
 * in one post; a pool gets "Any / Anna / Ben" with who is free; a refusal is said from its codes.
 * @module
 */
import type { VNode } from 'preact';
import type { ReadonlySignal, Signal } from '@preact/signals';
import type { UnavailableItem } from '../../shared/errors.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { Reservation } from '../../shared/records.ts';
import { type Formats, isolate } from '../format.ts';
import type { Translate } from '../i18n.ts';
import { formatLength } from '../hold/hold-format.ts';
import type { Booking } from '../models/booking-model.ts';
import type { ModelDeps } from '../models/booking-types.ts';
import { lengthOf } from '../pricing.ts';
import { holdsChoice } from './held.ts';
import { type ResourceSelection, type Resources, ResourceModel } from './model.ts';
import { PoolChoice } from './PoolChoice.tsx';
import { groupShortage, nameList, shortageText } from './shortage.ts';
import { resourceWords } from './strings.ts';
import { groupTotal, ticketList } from './summary.ts';
import { Tickets } from './Tickets.tsx';
import type { ResourceView } from './view.ts';

/** The shared resources' model for one widget, and the components that show it. */
export interface ResourceFeature {
  model: Resources;
  /** The ticket types' steppers (shown in place of the quantity's when there are two types or more). */
  Tickets: (props: { vm: ResourceView }) => VNode;
  /** The shopper's choice in each pool, under the calendar. */
  Choice: (props: { vm: ResourceView }) => VNode | null;
  /** The chosen types and what they come to, in place of the choice's summary; undefined without ticket types. */
  Summary: (props: { vm: ResourceView }) => VNode | undefined;
  /** Whether the cart holds the choice as it is (each type, the picks); undefined without a group. */
  isHeld(vm: ResourceView): boolean | undefined;
  /** The pick `variant` was held with in `r`. */
  pickOf(r: Reservation, variant: string): number | undefined;
  /** "Preference: Anna": who `r` was held with, when this page made it with a pick. */
  note(r: Reservation, locale: string, t: Translate): string | undefined;
  /**
   * A 409 item's shortage in the shopper's words, and whether fewer units could be held
   * (undefined: it has none); `items`: the 409's items, in the order posted.
   */
  shortage(
    i: UnavailableItem,
    period: string,
    items: UnavailableItem[],
    locale: string,
    f: Formats,
  ): { said: string; fewer: boolean } | undefined;
}

/** Builds the shared resources' model over the widget's models. */
export function createResourceFeature(
  deps: ModelDeps,
  booking: Booking,
  selection: ResourceSelection,
  quantity: Signal<number>,
  months: ReadonlySignal<PlainDate[]>,
  pick: Signal<number | undefined>,
): ResourceFeature {
  const model = new ResourceModel(deps, booking, selection, quantity, months, pick);
  const own = () => deps.config.peek().variant ?? '';
  /** The words in the widget's language, from the view each component is given. */
  const wordsOf = (vm: ResourceView) => resourceWords(vm.locale.value);
  return {
    model,
    Tickets: ({ vm }) => <Tickets vm={vm} model={model} words={wordsOf(vm)} />,
    Choice: ({ vm }) => (model.group.value?.pools.length ? <PoolChoice model={model} words={wordsOf(vm)} /> : null),
    Summary({ vm }) {
      if (!model.ticketed.value) return undefined;
      const c = vm.selection.chosen.value;
      if (!c) return <p part="summary" />;
      const f = vm.formats.value,
        t = vm.t.value,
        s = vm.booking.settings.value,
        config = vm.config.value;
      const range = vm.booking.widget.value?.type === 'range';
      const total = groupTotal(model.types.value, model.units.value, config, c.start, c.finish, s);
      const parts = [
        range && formatLength(f, t, vm.locale.value, lengthOf(c.start, c.finish, s)),
        ticketList(model.types.value, model.units.value, config, f, vm.locale.value),
        total !== undefined && config.currency && t('total', f.money(total, config.currency)),
      ];
      return <p part="summary">{parts.filter(Boolean).join(' · ')}</p>;
    },
    isHeld: (vm) =>
      model.group.value
        ? holdsChoice(model, vm.booking.reservation.value, vm.selection.chosen.value, vm.selection.time.value, own())
        : undefined,
    pickOf: (r, variant) => {
      const held = model.heldPicks.peek();
      return held?.id === r.id ? held.picks[variant] : undefined;
    },
    note(r, locale, t) {
      // Read tracked: the hold panel shows it once the post is confirmed, which may come after the hold is shown.
      const held = model.heldPicks.value;
      const ids = held?.id === r.id ? new Set(Object.values(held.picks)) : new Set<number>();
      const names = (model.group.value?.pools ?? []).flatMap((p) => p.members.filter((m) => ids.has(m.id)));
      if (!names.length) return undefined;
      const list = nameList(
        locale,
        names.map((m) => m.name),
        'conjunction',
      );
      return t('labelled', resourceWords(locale)('pool'), list);
    },
    shortage(i, period, items, locale, f) {
      const s = groupShortage(i, items, model.group.peek());
      const type = model.types.peek().find((t) => t.variant === String(i.external_id));
      const words = resourceWords(locale);
      if (!s) {
        // A ticket type short of its own units (its capacity): named, since a post holds several.
        if (!type || !model.ticketed.peek() || i.status !== 'sold_out') return undefined;
        const n = i.quantity_available;
        const title = isolate(type.title);
        return {
          said: n ? words('fewOn', title, f.number(n), isolate(period)) : words('noneOn', title, isolate(period)),
          fewer: n > 0,
        };
      }
      const picked = type?.pool ? model.picks.peek()[type.pool] : undefined;
      return {
        said: shortageText(s, picked, isolate(period), words, locale, (n) => f.number(n)),
        fewer: s.code !== 'departure_led' && s.resources.some((r) => r.units_free > 0),
      };
    },
  };
}
