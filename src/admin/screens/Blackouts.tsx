/**
 * Blackouts on a month calendar: each day lists the blackouts covering it; a form adds or
 * edits one (title, first and last day or times, all day, scope, target), and each can be
 * deleted. Each names what it applies to: the whole shop, a location (by the products there:
 * the API lists no locations), a product or a variant. Days are the shop's; the last day is
 * inclusive here and sent as the next day's start.
 * @module
 */
import { useSignal, useSignalEffect } from '@preact/signals';
import { useRef } from 'preact/hooks';
import type { Blackout } from '../../client/index.ts';
import { addDays, addMonths, dayOfWeek, eachDay, startOfMonth, type PlainDate } from '../../shared/plain-date.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import { client, messageOf } from '../api.ts';
import { ConfirmButton, focusMessage, Status } from '../components/bits.tsx';
import { loadCatalog, locationName, products, variantName } from '../models/catalog.ts';
import { session, shopToday } from '../models/session.ts';
import { BlackoutForm } from './BlackoutForm.tsx';

/** What a blackout applies to, in words: every target it names, or the whole shop. */
function targetOf(b: Blackout): string {
  const product = products.value?.find((p) => p.external_id === b.external_product_id);
  const parts = [
    b.location_id !== null && locationName(b.location_id),
    b.external_variant_id !== null ? variantName(b.external_variant_id) : b.external_product_id !== null && (product?.title ?? `product ${b.external_product_id}`),
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
    if (!products.value) void loadCatalog();
    client.blackouts.list({ per: 250, start_min: addMonths(month.value, -12) }).then(
      (b) => ((list.value = b), (problem.value = null)),
      (error: unknown) => (problem.value = messageOf(error)),
    );
  });
  const tz = session.value?.shop.tz ?? 'UTC';
  const locale = session.value?.shop.locale ?? 'en';
  const first = month.value;
  const days = eachDay(addDays(first, -dayOfWeek(first)), addMonths(first, 1));
  // A blackout covers the shop's days from the one it starts on to the one before it finishes.
  const covers = (b: Blackout, day: PlainDate) => plainDateInZone(new Date(b.starts_at), tz) <= day && day <= plainDateInZone(new Date(b.finishes_at).getTime() - 1, tz);
  const on = (day: PlainDate) => (list.value ?? []).filter((b) => covers(b, day));
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
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${first}T00:00:00Z`));
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
      <div class="table-wrap" tabIndex={0} role="region" aria-label={`Blackouts in ${monthName}`}>
        <table>
          <caption>{monthName}</caption>
          <tbody>
            {Array.from({ length: Math.ceil(days.length / 7) }, (_, w) => (
              <tr key={w}>
                {days.slice(w * 7, w * 7 + 7).map((day) => (
                  <td key={day} style={day < first ? 'opacity:.5' : undefined}>
                    <strong>{Number(day.slice(8))}</strong>
                    {on(day).map((b) => <div key={b.id} class="hint">{b.title ?? 'Closed'}</div>)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>All blackouts</h3>
      <ul class="list">
        {list.value?.map((b) => (
          <li key={b.id} class="row">
            <span>
              {b.title ?? 'Untitled'}: {plainDateInZone(new Date(b.starts_at), tz)} to {plainDateInZone(new Date(b.finishes_at).getTime() - 1, tz)}
              {b.all_day ? '' : ' (times)'} · {targetOf(b)} · {b.scope === 'start' ? 'no starts' : 'closed'}
            </span>
            <button type="button" onClick={() => edit(b)}>Edit “{b.title ?? 'untitled'}”</button>
            <ConfirmButton label={`Delete “${b.title ?? 'untitled'}”`} confirmLabel={`Yes, delete “${b.title ?? 'untitled'}”`} onConfirm={() => remove(b)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
