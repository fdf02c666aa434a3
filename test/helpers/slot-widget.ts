/**
 * A slot widget against the in-process service (issue 29): the test fixture's Sunset tour
 * (product 7002, variant 8003) booked by times of day, its widget turned into a slot widget;
 * and the queries the slot list's tests read it with.
 */
import { waitFor } from '@testing-library/preact';
import { expect } from 'vitest';
import type { Reservation } from '../../src/shared/records.ts';
import { api } from '../service/api.ts';
import { inWidget, mountWidget, startHarness, type WidgetHarness } from './render-widget.ts';

/** The first slot list of a run waits for the hold's and the times' files (transformed on first import in tests). */
export const LOADED = { timeout: 10_000 };

export const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const TOURS = Object.fromEntries(WEEK.map((d) => [d, ['09:00', '13:00']]));

/**
 * What `slotTour` takes: the service's clock, departures by weekday, the slots' length in
 * minutes; or `hire`: the variant hired by the hour instead (units, 09:00-13:00 daily, up to
 * `hire` consecutive hours), and the widget's own `max_slots` setting.
 */
export interface TourOptions {
  now?: string;
  departures?: Record<string, string[]>;
  duration?: number;
  hire?: number;
  widgetMaxSlots?: number;
}

/** A fresh service whose tour is booked by times of day (09:00 and 13:00 daily, 120 minutes, 8 seats by default) with a slot widget. */
export async function slotTour(options: TourOptions = {}) {
  const harness = await startHarness(options.now ? { now: options.now } : {});
  const { service } = harness;
  const hours = Object.fromEntries(WEEK.map((d) => [d, [['09:00', '13:00']]]));
  const schedule = {
    ...(options.hire
      ? { counting: 'units', hours, duration_minutes: 60, interval_minutes: 60, max_slots: options.hire }
      : {
          counting: 'seats',
          departures: options.departures ?? TOURS,
          duration_minutes: options.duration ?? 120,
          interval_minutes: options.duration ?? 120,
          max_slots: 1,
        }),
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    min_notice_minutes: 0,
    horizon_days: 365,
  };
  await service.db.query('UPDATE variants SET schedule = $1::jsonb, capacity = 8 WHERE external_id = 8003', [
    JSON.stringify(schedule),
  ]);
  const a = api(service);
  const [widget] = (await a.get('/v1/widgets?external_product_id=7002')).body;
  const settings = options.widgetMaxSlots ? { settings: { max_slots: options.widgetMaxSlots } } : {};
  expect((await a.put(`/v1/widgets/${widget.id}`, { type: 'slot', ...settings })).status).toBe(200);
  return { harness, a };
}

/** Mounts the tour's slot widget and waits until the day `first` (`YYYY-MM-DD`) is loaded. */
export async function openSlotWidget(
  harness: WidgetHarness,
  attributes: Record<string, string> = {},
  first = '2026-11-23',
) {
  const el = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-s', ...attributes });
  const events = { reserved: [] as Reservation[], select: [] as unknown[] };
  el.addEventListener('booking-widget:reserved', (e) => events.reserved.push(e.detail));
  el.addEventListener('booking-widget:select', (e) => events.select.push(e.detail));
  const w = inWidget(el);
  /** A day's button by its date, once its month is in. */
  const dayOf = (date: string) =>
    el.shadowRoot!.querySelector<HTMLElement>(`[data-day="${date}"]:not([part~=day-loading])`) ?? undefined;
  await waitFor(() => expect(dayOf(first)).toBeTruthy());
  return { el, w, events, day: dayOf(first)!, dayOf };
}

/** Text with Intl's narrow and no-break spaces as plain ones. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u202f\u00a0\u2009]/g, ' ');
/** A radio's accessible name, spaces plain. */
export const label = (r: HTMLElement | undefined) => plain(r?.getAttribute('aria-label'));

/** The times of the chosen day, as radios. */
export const radios = (w: ReturnType<typeof inWidget>) => w.getAllByRole('radio') as HTMLElement[];

/** "Mon 10:00 PM": an instant on the shopper's own clock (the process's zone), as the list writes it. */
export const yours = (iso: string, locale = 'en') =>
  plain(
    new Intl.DateTimeFormat(locale, { weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(Date.parse(iso)),
  );
