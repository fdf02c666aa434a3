/**
 * Blackouts on a month calendar: each day lists the blackouts covering it; a form adds or
 * edits one (title, first and last day or times, all day, scope, target), and each can be
 * deleted. Each names what it applies to: the whole shop, a location (by its name), a product
 * or a variant. Days are the shop's; the last day is
 * inclusive here and sent as the next day's start.
 * @module
 */
import { useSignal, useSignalEffect } from '@preact/signals';
import { useRef } from 'preact/hooks';
import type { Blackout } from '../../client/index.ts';
import { addMonths, startOfMonth } from '../../shared/plain-date.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import { client, messageOf } from '../api.ts';
import { ConfirmButton, focusMessage, Status } from '../components/bits.tsx';
import { loadCatalog, locationName, productName, products, variantName } from '../models/catalog.ts';
import { dayRange, timeRange } from '../models/dates.ts';
import { session, shopToday } from '../models/session.ts';
import { BlackoutCalendar } from './BlackoutCalendar.tsx';
import { BlackoutForm } from './BlackoutForm.tsx';

/** What a blackout applies to, in words: every target it names, or the whole shop. */
function targetOf(b: Blackout): string {
  const parts = [
    b.location_id !== null && `everything at ${locationName(b.location_id)}`,
    b.external_variant_id !== null ? variantName(b.external_variant_id) : b.external_product_id !== null && productName(b.external_product_id),
  ].filter(Boolean);
  return parts.join(', ') || 'whole shop';
}

/** The blackouts screen. */
export function Blackouts() {
  const month = useSignal(startOfMonth(shopToday()));
  const list = useSignal<Blackout[] | undefined>(undefined);
  const editing = useSignal<Blackout | null | undefined>(undefined);
  const message = useSignal<string | null>(null);
  const problem = useSignal<string | null>(null);
  const version = useSignal(0);
  // The button that opened the form gets the focus back when it is cancelled.
  const opener = useRef<HTMLElement | null>(null);
  // Opening the form starts a new action: the last one's message goes.
  const edit = (b: Blackout | null) => ((opener.current = document.activeElement as HTMLElement | null), (editing.value = b), (message.value = problem.value = null));
  useSignalEffect(() => {
    void version.value;
    if (!products.peek()) void loadCatalog();
    client.blackouts.list({ per: 250, start_min: addMonths(month.value, -12) }).then(
      (b) => ((list.value = b), (problem.value = null)),
      (error: unknown) => (problem.value = messageOf(error)),
    );
  });
  const tz = session.value?.shop.tz ?? 'UTC';
  const locale = session.value?.shop.locale ?? 'en';
  // All day: the days it covers in the shop's zone, the last included; else its two instants.
  const period = (b: Blackout) =>
    b.all_day ? dayRange(plainDateInZone(new Date(b.starts_at), tz), plainDateInZone(new Date(b.finishes_at).getTime() - 1, tz)) : timeRange(b.starts_at, b.finishes_at);
  const remove = async (b: Blackout) => {
    message.value = problem.value = null;
    try {
      await client.blackouts.delete(b.id);
      message.value = `Blackout “${b.title ?? 'untitled'}” deleted.`;
      version.value++;
    } catch (error) {
      problem.value = messageOf(error);
    }
  };
  return (
    <section class="card">
      <h2 tabIndex={-1}>Blackouts</h2>
      <div class="row">
        <button type="button" onClick={() => (month.value = addMonths(month.value, -1))}>Previous month</button>
        <button type="button" onClick={() => (month.value = addMonths(month.value, 1))}>Next month</button>
        <button type="button" class="primary" onClick={() => edit(null)}>Add a blackout</button>
      </div>
      <Status message={message.value} />
      <Status message={problem.value} error />
      {editing.value !== undefined && (
        <BlackoutForm
          blackout={editing.value}
          onDone={(text) => {
            editing.value = undefined;
            if (text) (message.value = text), version.value++, focusMessage();
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
              <strong>{b.title ?? 'Untitled'}</strong>: {period(b)} · {targetOf(b)} · {b.scope === 'start' ? 'no starts' : 'closed'}
            </span>
            <span class="actions">
              <button type="button" onClick={() => edit(b)}>Edit “{b.title ?? 'untitled'}”</button>
              <ConfirmButton label={`Delete “${b.title ?? 'untitled'}”`} confirmLabel={`Yes, delete “${b.title ?? 'untitled'}”`} onConfirm={() => remove(b)} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
