/**
 * Calendars in and out (issue 31 points 5 and 6, extensions): a shop's subscribable feeds and a
 * variant's imported calendars, as the API answers them.
 * @module
 */

/** What a calendar feed covers. */
export type CalendarFeedScope = 'shop' | 'location' | 'variant' | 'resource';

/** A calendar feed (GET /v1/calendar-feeds): never its secret URL. */
export interface CalendarFeed {
  id: number;
  scope: CalendarFeedScope;
  location_id: number | null;
  variant_id: number | null;
  /** With scope `resource` (a guide's own calendar): the resource; null otherwise. */
  resource_id: number | null;
  /** The secret's first characters, to tell feeds apart. */
  hint: string;
  created_at: string;
}

/** A feed as POST /v1/calendar-feeds answers it, once: with its secret URL. */
export interface NewCalendarFeed extends CalendarFeed {
  url: string;
}

/** Body of POST /v1/calendar-feeds. */
export interface CalendarFeedCreateParams {
  scope: CalendarFeedScope;
  /** With scope `location`. */
  location_id?: number;
  /** With scope `variant`. */
  variant_id?: number;
  /** With scope `resource`. */
  resource_id?: number;
}

/** Body of POST /v1/variants/{id}/calendar-imports. */
export interface CalendarImportCreateParams {
  /** The other site's calendar export (.ics), http or https. */
  url: string;
  /** A resource of the shop whose own calendar this is: its events close the resource instead. */
  resource_id?: number | null;
}

/** How an import's last fetch went: not yet, events read, nothing changed (304), or failed. */
export type CalendarImportStatus = 'pending' | 'ok' | 'unchanged' | 'error';

/** Another site's calendar whose events block a variant (GET /v1/variants/{id}/calendar-imports). */
export interface CalendarImport {
  id: number;
  variant_id: number;
  /** The resource whose own calendar it is (issue 39): its events close the resource, not the variant; null: the variant. */
  resource_id: number | null;
  url: string;
  created_at: string;
  last_status: CalendarImportStatus;
  /** Why the last fetch failed (the old blackouts stay meanwhile). */
  last_error: string | null;
  last_fetched_at: string | null;
  /** Blackouts the last successful fetch made. */
  event_count: number;
}
