/**
 * What the availability engine judges, as the queries load it and the rules use it (types only):
 * a variant's rules, the blackouts on it, an item's period, a demand, and a unit in use. The
 * queries of holds, bookings and the calendar return them; the engine and the rules read them.
 * @module
 */
import type { PlainDate } from '../../shared/plain-date.ts';
import type { LocalTime, Schedule, Weekday } from '../../shared/schedule.ts';
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
  /** The shared resources it draws on (RESOURCES.md §1); absent or empty: none. */
  requirements?: Requirement[];
}

/** A member of a requirement's pool, with what the rules that need no count read. */
export interface PoolMember {
  id: number;
  name: string;
  units: number;
  /** Weekly hours in the shop's zone (SLOTS.md's form); null: always. */
  hours: Partial<Record<Weekday, Array<[LocalTime, LocalTime]>>> | null;
  /** The resource's blackouts over the span read, as [start, finish) epoch ms. */
  closed: Array<[number, number]>;
}

/** What a variant takes of a pool of interchangeable resources (RESOURCES.md §1). */
export interface Requirement {
  id: number;
  per: 'unit' | 'booking' | 'slot';
  uses: number;
  choice: 'any' | 'shopper';
  /** By name. */
  pool: PoolMember[];
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

/** One element of `resource_judgement`'s p_requirements. */
export interface RequirementRow {
  /** The posted item, 1-based. */
  item: number;
  requirement: number;
  per: Requirement['per'];
  choice: Requirement['choice'];
  uses: number;
  quantity: number;
  pool: number[];
  others: number[];
  /** A member to keep when it has the units (the hold's, as it becomes the booking; the booking's own on a resize). */
  prefer: number | null;
  start_at: string;
  finish_at: string;
  share: string | null;
}

/** A requirement `resource_judgement` could not grant: its item (1-based) and its pool's members' units free. */
export interface ShortRow {
  item: number;
  requirement: number;
  members: Array<{ id: number; name: string; free: number }>;
  /** A departure's resource outside the pick, when that is why. */
  led_by: number | null;
  others: Array<{ id: number; name: string }>;
}

/** What `hold_items` granted: per posted item (1-based) and requirement, the resource. */
export type Assigned = ReadonlyArray<{ item: number; requirement: number; resource: number }>;
