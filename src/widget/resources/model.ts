/**
 * Ticket types and a shopper's choice (RESOURCES.md §4), in the shared resources' own file: how
 * many of each type, who the shopper picked in each pool, what is left for the whole group on
 * the chosen day or time, the group's days for the calendar (`days`: shared units, the pick's
 * own days), and the items one post holds (all or nothing). The calendar's quantity follows the
 * group: the shared units the chosen types take, so a day with fewer left is "only N left".
 * @module
 */
import { type ReadonlySignal, type Signal, computed, createModel, effect, signal } from '@preact/signals';
import { type PlainDate, eachDay } from '../../shared/plain-date.ts';
import type { AvailableSlot, Reservation } from '../../shared/records.ts';
import type { Booking } from '../models/booking-model.ts';
import type { HoldRequest, ModelDeps } from '../models/booking-types.ts';
import { type Ask, type Days, ResourceData, keyOf, slotKey } from './data.ts';
import { type TicketType, resourceGroup } from './group.ts';
import { freeIds, groupDay } from './merge.ts';

/** What the shared resources' file reads of the selection (models/selection-model.ts satisfies it). */
export interface ResourceSelection {
  start: ReadonlySignal<PlainDate | undefined>;
  chosen: ReadonlySignal<{ start: PlainDate; finish: PlainDate; quantity: number } | undefined>;
  /** A slot widget's chosen time (null until chosen; undefined elsewhere). */
  time: ReadonlySignal<AvailableSlot | null | undefined>;
}

/** The ticket types and picks of one widget. */
export const ResourceModel = createModel(
  (
    deps: ModelDeps,
    booking: Booking,
    selection: ResourceSelection,
    quantity: Signal<number>,
    months: ReadonlySignal<PlainDate[]>,
    /** The pick for the element's own variant, which the slot list asks its times with. */
    pick: Signal<number | undefined>,
  ) => {
    const { config } = deps;
    const product = config.peek().product;
    const own = computed(() => config.value.variant ?? '');
    const group = computed(() => resourceGroup(booking.widget.value, product, own.value));
    const types = computed(() => group.value?.types ?? []);
    /** Two types or more: steppers, one per type, in place of the quantity. */
    const ticketed = computed(() => types.value.length > 1);
    const settings = booking.settings;
    const slotWidget = computed(() => booking.widget.value?.type === 'slot');
    /** The member picked in each pool, by its key; none: any. */
    const picks = signal<Record<string, number>>({});
    const pickOf = (t: TicketType) => (t.pool ? picks.value[t.pool] : undefined);
    /** Units of each type, by variant, as the shopper set them. */
    const counts = signal<Record<string, number>>({});
    /** Units of `t`: as set, else the least quantity for the element's own variant and none of the others. */
    const count = (t: TicketType, all = counts.value) =>
      all[t.variant] ?? (t.variant === own.value ? settings.value.quantity_min : 0);
    /** The shared units the chosen types take. */
    const seats = computed(() => types.value.reduce((n, t) => n + count(t) * t.seats, 0));

    const asks = computed<Ask[]>(() => types.value.map((t) => ({ variant: t.variant, pick: pickOf(t) })));
    /** The type whose answers say who of pool `key` is free: the element's own when it draws on it. */
    const reader = (key: string) =>
      types.value.find((t) => t.pool === key && t.variant === own.value) ?? types.value.find((t) => t.pool === key);
    const data = new ResourceData(
      deps,
      booking,
      months,
      // Who is free is read as any member sees it, besides each type's own ask.
      computed(() => [
        ...asks.value,
        ...(group.value?.pools ?? []).map((p) => ({ variant: reader(p.key)!.variant, pick: undefined })),
      ]),
      computed(() => {
        const day = selection.start.value,
          t = group.value?.pools[0] && reader(group.value.pools[0].key);
        return slotWidget.value && day && t && pickOf(t) !== undefined ? { variant: t.variant, day } : undefined;
      }),
    );
    /** `t`'s days as its pick sees them, or (`plain`) as any member does. */
    const daysOf = (t: TicketType, plain?: boolean): Days | undefined =>
      data.days.value[keyOf({ variant: t.variant, pick: plain ? undefined : pickOf(t) })];

    /**
     * The days the calendar shows for the group (undefined: its own are the group's): each day
     * as `groupDay` derives it from the types' days, in shared units, with the picks' own days;
     * a day whose answers are not all in yet stays as the calendar had it.
     */
    const days = computed<Days | undefined>(() => {
      const list = types.value;
      if (!ticketed.value && !list.some((t) => pickOf(t) !== undefined)) return undefined;
      const mine = booking.days.value[own.value] ?? {};
      const merged: Days = { ...mine };
      for (const date in mine) {
        const day = groupDay(list.map((t) => ({ day: daysOf(t)?.[date], seats: t.seats })));
        if (day) merged[date] = day;
      }
      return merged;
    });

    /** The chosen days (the start alone while a range's end is chosen). */
    const chosenDays = computed(() => {
      const c = selection.chosen.value,
        s = selection.start.value;
      return c ? eachDay(c.start, c.finish) : s && [s];
    });
    const anchor = computed(() => types.value.find((t) => t.variant === own.value));
    /**
     * What is left for the whole group on the choice, in shared units: the least of its days'
     * (see `groupDay`), or a slot widget's chosen time as the slot list read it for the
     * element's own variant (its units times the shared units one of it takes). Before a
     * choice, the freest day known, as the calendar's quantity is capped.
     */
    const left = computed(() => {
      const at = selection.time.value;
      if (at) return at.quantity_available * (anchor.value?.seats ?? 1);
      const all = days.value ?? booking.days.value[own.value] ?? {};
      const free = (chosenDays.value ?? Object.keys(all)).flatMap((d) => all[d]?.quantity_free ?? []);
      return free.length ? Math[chosenDays.value ? 'min' : 'max'](...free) : undefined;
    });
    /** The most of `t` alone: its own days' (its capacity, its pick) on the choice, within `quantity_max`. */
    const mostOf = (t: TicketType) => {
      let n = Math.floor(settings.value.quantity_max / t.seats);
      const at = selection.time.value,
        d = daysOf(t);
      if (at) n = Math.min(n, Math.floor((at.quantity_available * (anchor.value?.seats ?? 1)) / t.seats));
      else for (const day of chosenDays.value ?? []) n = Math.min(n, d?.[day]?.quantity_free ?? n);
      return Math.max(0, n);
    };
    /** The most shared units the group may take: `quantity_max`, and what is left. */
    const room = computed(() => Math.min(settings.value.quantity_max, left.value ?? Number.POSITIVE_INFINITY));

    // The calendar's quantity is the group's shared units, whatever set it last.
    effect(() => {
      if (ticketed.value && quantity.value !== seats.value) quantity.value = seats.value;
    });
    // Before a choice, a type above what it may have comes down to it (as the quantity does);
    // after one, the units stay as the shopper set them, and the day or type says "only N left".
    effect(() => {
      if (!ticketed.value || selection.start.value) return;
      const before = counts.peek();
      const next = Object.fromEntries(types.value.map((t) => [t.variant, Math.min(count(t, before), mostOf(t))]));
      if (types.value.some((t) => next[t.variant] !== count(t, before))) counts.value = next;
    });
    // The element's own variant's pick, for the slot list's reads.
    effect(() => {
      const t = anchor.value;
      pick.value = t && pickOf(t);
    });
    // A reload with a live hold of these types: the steppers show what is held (the calendar
    // opens on its days), once.
    let adopted = false;
    effect(() => {
      const r = booking.reservation.value,
        list = types.value;
      if (adopted || !r || !list.length) return;
      adopted = true;
      const held = r.items.filter((i) => list.some((t) => t.variant === String(i.external_id)));
      const first = held.find((i) => String(i.external_id) === own.peek()) ?? held[0];
      if (first && ticketed.peek())
        counts.value = Object.fromEntries(
          list.map((t) => [
            t.variant,
            held.find((i) => String(i.external_id) === t.variant && i.start === first.start)?.quantity ?? 0,
          ]),
        );
    });

    /** The picks each variant was held with, by reservation: Keep holding and Hold again post them again. */
    const heldPicks = signal<{ id: number; picks: Record<string, number> } | undefined>(undefined);

    return {
      group,
      types,
      ticketed,
      picks,
      /** Units of each type, by variant (those the shopper has not set at their default). */
      units: computed(() => Object.fromEntries(types.value.map((t) => [t.variant, count(t)]))),
      seats,
      days,
      left,
      room,
      heldPicks,
      /** Who of pool `key` is free on the choice (all its days, or the chosen time), by id; undefined before a choice. */
      free: computed(() => {
        const out: Record<string, Set<number> | undefined> = {};
        const day = selection.start.value,
          at = selection.time.value;
        for (const p of group.value?.pools ?? []) {
          const t = reader(p.key)!;
          const plain = daysOf(t, true);
          // A slot widget: the chosen time as any member sees it (the slot list's read, unless it carries a pick).
          const time = !at
            ? undefined
            : pickOf(t) === undefined || t.variant !== own.value
              ? at
              : data.slots.value[slotKey(t.variant, day!)]?.find((s) => s.starts_at === at.starts_at);
          out[p.key] = slotWidget.value
            ? at
              ? freeIds([time])
              : undefined
            : chosenDays.value && freeIds(chosenDays.value.map((d) => plain?.[d]));
        }
        return out;
      }),
      /** The most of each type alone on the choice (its own capacity, its pick), by variant. */
      limits: computed(() => Object.fromEntries(types.value.map((t) => [t.variant, mostOf(t)]))),
      /** The most of each type the shopper may have now (the group's room too), by variant. */
      most: computed(() =>
        Object.fromEntries(
          types.value.map((t) => [
            t.variant,
            Math.min(mostOf(t), count(t) + Math.floor((room.value - seats.value) / t.seats)),
          ]),
        ),
      ),

      /** Sets `t`'s units to `n`, within what it and the group may have, and the least quantity overall. */
      setCount(t: TicketType, n: number) {
        const others = seats.value - count(t) * t.seats;
        const cap = Math.min(mostOf(t), Math.floor((room.value - others) / t.seats));
        const floor = Math.max(0, Math.ceil((settings.value.quantity_min - others) / t.seats));
        counts.value = { ...counts.value, [t.variant]: Math.max(floor, Math.min(cap, Math.round(n) || 0)) };
      },

      /** Picks `id` of pool `key` (undefined: any member). */
      choose(key: string, id: number | undefined) {
        const next = { ...picks.value };
        if (id === undefined) delete next[key];
        else next[key] = id;
        picks.value = next;
      },

      /**
       * The items one post holds for the choice: each type with units (its pick as
       * `resource_id`), and quantity 0 for a type the cart holds that is no longer wanted (the
       * post replaces the cart's items of the variants it names: API.md §4.4).
       */
      items(period: { start: string; finish: string }, units: number): HoldRequest[] {
        const r = booking.reservation.peek();
        return types.value.flatMap((t) => {
          const n = ticketed.value ? count(t) : t.variant === own.value ? units : 0;
          const p = pickOf(t);
          if (!n && !r?.items.some((i) => String(i.external_id) === t.variant)) return [];
          return [{ variant: t.variant, ...period, quantity: n, ...(n && p !== undefined && { resource_id: p }) }];
        });
      },

      /** Remembers the picks `items` were held with, once the service confirmed them as reservation `r`. */
      remember(r: Reservation, items: HoldRequest[]) {
        heldPicks.value = {
          id: r.id,
          picks: Object.fromEntries(
            items.flatMap((i) => (i.resource_id === undefined ? [] : [[i.variant, i.resource_id]])),
          ),
        };
      },
    };
  },
);

/** An instance of the ticket types' model. */
export type Resources = InstanceType<typeof ResourceModel>;
