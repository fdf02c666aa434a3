/**
 * What the availability engine judges, as the queries load it and the rules use it (types only):
 * a variant's rules, the blackouts on it, an item's period, a demand, and a unit in use. The
 * queries of holds, bookings and the calendar return them; the engine and the rules read them.
 * @module
 */
import type { PlainDate } from '../../shared/plain-date.ts';
import type { Schedule } from '../../shared/schedule.ts';
import type { BlackoutScope, WidgetSettings } from '../../shared/records.ts';

/** What the engine knows of a variant: its capacity and its product's widget rules. */
export interface VariantRules {
  variantId: number;
  externalId: number;
  productId: number;
  title: string;
  productTitle: string;
  /** Units per shop-local day; for a slot variant, per start (seats) or per instant (units). */
  capacity: number;
  /** The times of day it is booked by (SLOTS.md), or null when it is booked by days. */
  schedule: Schedule | null;
  settings: WidgetSettings;
}

/** A blackout as it applies to one variant (see `appliesToVariantSql`). */
export interface BlackoutSpan {
  variantId: number;
  /** Epoch ms, `finishesAt` exclusive. */
  startsAt: number;
  finishesAt: number;
  scope: BlackoutScope;
}

/** An item's period: the instants (epoch ms) and the shop-local days it touches. */
export interface Period {
  startAt: number;
  finishAt: number;
  startDay: PlainDate;
  /** The first day not touched. */
  finishDay: PlainDate;
}

/** One item a write wants: `variant` undefined when the shop has no such variant. */
export interface Demand {
  variant: VariantRules | undefined;
  period: Period;
  /** 0 removes (a hold only): always fits. */
  quantity: number;
}

/** One hold item or booking item, as the days it covers (`finishDay` exclusive). */
export interface UsageRow {
  variantId: number;
  startDay: PlainDate;
  finishDay: PlainDate;
  quantity: number;
  /** The reservation holding it, or null for a booking. */
  reservationId: number | null;
}
