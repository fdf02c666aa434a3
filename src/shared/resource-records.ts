/**
 * Resources and the requirements variants draw on them by (issue 39, RESOURCES.md §1, an
 * extension): the records of /v1/resources and a variant's `requirements`, and the bodies the
 * client sends. Shared by the service, which builds them, and the client, which returns them.
 * @module
 */
import type { PageParams } from './params.ts';
import type { LocalTime, Weekday } from './schedule.ts';

/** What a resource is: wording and icons only. */
export type ResourceKind = 'staff' | 'equipment' | 'room' | 'vehicle' | 'other';

/** Weekly hours `[open, close)` by weekday, in the shop's zone (SLOTS.md's `hours`); a day left out is closed. */
export type ResourceHours = Partial<Record<Weekday, Array<[LocalTime, LocalTime]>>>;

/** A person or thing the shop's products share: a guide, a boat's seats, a fleet of kayaks (GET /v1/resources). */
export interface ResourceRecord {
  id: number;
  /** Unique in the shop: what staff and (with `choice: "shopper"`) shoppers read, "Anna", "Boat 2". */
  name: string;
  kind: ResourceKind;
  /** How many can be in use at once (a fleet of 12 kayaks: 12; a person: 1). */
  units: number;
  /** When it can be used at all; null: always. */
  hours: ResourceHours | null;
  location_id: number | null;
  /** The staff account it is (their Today, their calendar feed); null: none. */
  staff_account_id: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * What a requirement's `uses` is taken per: `unit`, each booked unit (a seat, a kayak);
 * `booking`, once per booking whatever its quantity (a guide for a private tour); `slot`, once
 * per departure of the product, shared by every booking of it (a guide leading the 09:00 tour).
 */
export type RequirementPer = 'unit' | 'booking' | 'slot';

/** Who picks the resource of a pool: `any`, the service; `shopper`, the shopper (or "any"). */
export type RequirementChoice = 'any' | 'shopper';

/** A variant's requirement: a pool of interchangeable resources and the units it takes of one of them. */
export interface VariantRequirement {
  /** The pool's resource ids, ascending. */
  resources: number[];
  uses: number;
  per: RequirementPer;
  choice: RequirementChoice;
}

/** A requirement as a variant's body gives it: `uses` 1, `per` `unit` and `choice` `any` by default. */
export interface RequirementParams {
  /** 1 to 20 distinct resource ids of the shop. */
  resources: number[];
  uses?: number;
  per?: RequirementPer;
  choice?: RequirementChoice;
}

/** The body of POST /v1/resources. */
export interface ResourceCreateParams {
  name: string;
  /** @default 'other' */
  kind?: ResourceKind;
  units: number;
  /** null (or left out): always available. */
  hours?: ResourceHours | null;
  location_id?: number | null;
  staff_account_id?: number | null;
}

/** The body of PUT /v1/resources/{id}: the fields given change. */
export type ResourceUpdateParams = Partial<ResourceCreateParams>;

/** Filters of GET /v1/resources. */
export interface ResourceListParams extends PageParams {
  kind?: ResourceKind;
  location_id?: number;
  staff_account_id?: number;
}
