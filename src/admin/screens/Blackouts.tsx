/**
 * Blackouts on a month calendar: each day lists the blackouts covering it; a form adds or
 * edits one (title, first and last day or times, all day, scope, target), and each can be
 * deleted. Each names what it applies to: the whole shop, a location (by its name), a product
 * or a variant. Days are the shop's; the last day is
 * inclusive here and sent as the next day's start.
 * @module
 */
import { useSignal, useSignalEffect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Blackout } from '../../client/index.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import { addMonths, isPlainDate, startOfMonth } from '../../shared/plain-date.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import { client, messageOf } from '../api.ts';
import { ConfirmButton, focusMessage, useStatus } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { catalog, ensureCatalog, locationName, productName, products, variantName } from '../models/catalog.ts';
import { dayRange, timeRange } from '../models/dates.ts';
import { routeDetail, session, shopToday } from '../models/session.ts';
import { useResource } from '../models/use-resource.ts';
import { BlackoutCalendar } from './BlackoutCalendar.tsx';
import { BlackoutForm, type BlackoutPrefill } from './BlackoutForm.tsx';

/**
 * What `#/blackouts/new?date=2026-12-05&variant=3` asks for (`variant`: the variant's id;
 * `product`: a product's platform id), once the catalogue can name the variant; else null.
 */
function prefillOf(query: Record<string, string>): BlackoutPrefill | null {
  const list = products.value;
  if (!list) return null;
  const variant = list.flatMap((p) => p.variants).find((v) => String(v.id) === query.variant);
  const product = list.find((p) => String(p.external_id) === query.product);
  return {
    ...(isPlainDate(query.date) && { date: query.date }),
    ...(variant ? { target: `v:${variant.external_id}` } : product && { target: `p:${product.external_id}` }),
  };
}

/** What a blackout applies to, in words: every target it names, or the whole shop. */
function targetOf(b: Blackout): string {
  // A resource's blackout (issue 39) closes only what needs the resource: never "whole shop".
  if (b.resource_id !== null && b.resource_id !== undefined) return `what needs resource ${b.resource_id}`;
  const parts = [
    b.location_id !== null && `everything at ${locationName(b.location_id)}`,
    b.external_variant_id !== null
      ? variantName(b.external_variant_id)
      : b.external_product_id !== null && productName(b.external_product_id),
  ].filter(Boolean);
  return parts.join(', ') || 'whole shop';
}

/** The blackouts screen. */
export function Blackouts() {
  const month = useSignal(startOfMonth(shopToday()));
  const editing = useSignal<Blackout | null | undefined>(undefined);
  const prefill = useSignal<BlackoutPrefill | undefined>(undefined);
  const { message, problem, say } = useStatus();
  // The button that opened the form gets the focus back when it is cancelled.
  const opener = useRef<HTMLElement | null>(null);
  // Opening the form starts a new action: the last one's message goes.
  const edit = (b: Blackout | null) => (
    (opener.current = document.activeElement as HTMLElement | null), (editing.value = b), say(null)
  );
  // From a year before the month shown: the list names every blackout still of interest, every page of them.
  const blackouts = useResource(
    () => addMonths(month.value, -12),
    async (from, signal) => {
      const all: Blackout[] = [];
      for await (const b of client.blackouts.iterate({ start_min: from }, { signal })) all.push(b);
      return all;
    },
  );
  // Targets are named by the catalogue's titles.
  useEffect(() => void ensureCatalog(), []);
  // `#/blackouts/new?date=…`: the add form, filled in, on the month of that day.
  useSignalEffect(() => {
    const { path, query } = routeDetail.value;
    const filled = path[0] === 'new' ? prefillOf(query) : null;
    if (!filled) return;
    if (filled.date) month.value = startOfMonth(filled.date as PlainDate);
    prefill.value = filled;
    editing.value = null;
    // The address has done its work: closing the form must not open it again.
    history.replaceState(null, '', '#/blackouts');
    routeDetail.value = { path: [], query: {} };
  });
  const list = blackouts.data;
  const tz = session.value?.shop.tz ?? 'UTC';
  const locale = session.value?.shop.locale ?? 'en';
  // All day: the days it covers in the shop's zone, the last included; else its two instants.
  const period = (b: Blackout) =>
    b.all_day
      ? dayRange(plainDateInZone(new Date(b.starts_at), tz), plainDateInZone(new Date(b.finishes_at).getTime() - 1, tz))
      : timeRange(b.starts_at, b.finishes_at);
  const remove = async (b: Blackout) => {
    say(null);
    try {
      await client.blackouts.delete(b.id);
      say(`Blackout “${b.title ?? 'untitled'}” deleted.`);
      await blackouts.reload();
    } catch (error) {
      say(messageOf(error), true);
    }
  };
  return (
    <section class="card">
      <h2 tabIndex={-1}>Blackouts</h2>
      <div class="row">
        <button type="button" onClick={() => (month.value = addMonths(month.value, -1))}>
          Previous month
        </button>
        <button type="button" onClick={() => (month.value = addMonths(month.value, 1))}>
          Next month
        </button>
        <button type="button" class="primary" onClick={() => edit(null)}>
          Add a blackout
        </button>
      </div>
      <ScreenStatus message={message} problem={problem} loads={[blackouts, catalog]} />
      {editing.value !== undefined && (
        <BlackoutForm
          key={prefill.value?.date ?? ''}
          blackout={editing.value}
          prefill={editing.value === null ? prefill.value : undefined}
          onDone={(text) => {
            editing.value = undefined;
            prefill.value = undefined;
            if (text) say(text), void blackouts.reload(), focusMessage();
            else if (opener.current?.isConnected) opener.current.focus();
          }}
        />
      )}
      <BlackoutCalendar first={month.value} list={list.value ?? []} tz={tz} locale={locale} />
      <h3>All blackouts</h3>
      <ul class="list">
        {list.value?.map((b) => (
          <li key={b.id} class="entry">
            <span class="what">
              <strong>{b.title ?? 'Untitled'}</strong>: {period(b)} · {targetOf(b)} ·{' '}
              {b.scope === 'start' ? 'no starts' : 'closed'} · shoppers read “{b.shopper_reason ?? 'closed'}”
            </span>
            <span class="actions">
              <button type="button" onClick={() => edit(b)}>
                Edit “{b.title ?? 'untitled'}”
              </button>
              <ConfirmButton
                label={`Delete “${b.title ?? 'untitled'}”`}
                confirmLabel={`Yes, delete “${b.title ?? 'untitled'}”`}
                onConfirm={() => remove(b)}
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
