/**
 * Adding or editing one blackout. All day (default): a first and a last day, inclusive. With
 * times: a start and an end as shop-local `YYYY-MM-DD HH:MM`. Errors of the answer are shown
 * beside their fields. It applies to the whole shop, a location (any of the shop's, by name),
 * a product or a variant. Its title is the merchant's own; what shoppers read is the separate
 * reason for shoppers (issue 27), "closed" when left empty.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Blackout, BlackoutCreateParams } from '../../client/index.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import { client, problemOf } from '../api.ts';
import { Field, Status } from '../components/bits.tsx';
import { locations, products } from '../models/catalog.ts';
import { session } from '../models/session.ts';

const TITLE = 'Title (only you see it)';
const REASON = 'Reason shown to shoppers (optional)';

/** What a new blackout starts with: its day (first and last) and what it applies to (`v:8001`, `p:7001`). */
export interface BlackoutPrefill {
  date?: string;
  target?: string;
}

/**
 * The form; `blackout` null adds a new one, filled in from `prefill` (a day clicked in the
 * calendar or occupancy). `onDone(message)` closes it (null: cancelled).
 */
export function BlackoutForm(props: {
  blackout: Blackout | null;
  prefill?: BlackoutPrefill;
  onDone: (message: string | null) => void;
}) {
  const tz = session.value?.shop.tz ?? 'UTC';
  const b = props.blackout;
  const day = (iso: string, back = 0) => plainDateInZone(new Date(iso).getTime() - back, tz);
  const title = useSignal(b?.title ?? '');
  const reason = useSignal(b?.shopper_reason ?? '');
  const allDay = useSignal(b ? b.all_day === 1 : true);
  const from = useSignal<string>(b ? day(b.starts_at) : (props.prefill?.date ?? ''));
  const to = useSignal<string>(b ? day(b.finishes_at, 1) : (props.prefill?.date ?? ''));
  const scope = useSignal(b?.scope ?? 'overlap');
  const target = useSignal(
    b?.external_variant_id
      ? `v:${b.external_variant_id}`
      : b?.external_product_id
        ? `p:${b.external_product_id}`
        : b?.location_id
          ? `l:${b.location_id}`
          : b
            ? ''
            : (props.prefill?.target ?? ''),
  );
  const first = useRef<HTMLInputElement>(null);
  // Opened from a button below, the form takes the keyboard's focus.
  useEffect(() => first.current?.focus(), []);
  const errors = useSignal<Record<string, string[]>>({});
  const problem = useSignal<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    problem.value = null;
    const [kind, id] = target.value.split(':');
    const body: BlackoutCreateParams = {
      title: title.value.trim() || null,
      shopper_reason: reason.value.trim() || null,
      starts_at: allDay.value ? from.value : from.value.replace('T', ' '),
      finishes_at: allDay.value && to.value ? addDays(to.value as PlainDate, 1) : to.value.replace('T', ' '),
      all_day: allDay.value ? 1 : 0,
      scope: scope.value,
      external_product_id: kind === 'p' ? Number(id) : null,
      external_variant_id: kind === 'v' ? Number(id) : null,
      location_id: kind === 'l' ? Number(id) : null,
    };
    try {
      if (b) await client.blackouts.update(b.id, body);
      else await client.blackouts.create(body);
      props.onDone(
        b ? `Blackout “${body.title ?? 'untitled'}” saved.` : `Blackout “${body.title ?? 'untitled'}” added.`,
      );
    } catch (error) {
      const days = allDay.value
        ? { starts_at: 'First day', finishes_at: 'Last day' }
        : { starts_at: 'Starts', finishes_at: 'Ends' };
      const failed = problemOf(error, {
        title: TITLE,
        shopper_reason: REASON,
        ...days,
        scope: 'What it stops',
        external_product_id: 'Applies to',
        external_variant_id: 'Applies to',
        location_id: 'Applies to',
      });
      errors.value = failed.fields;
      problem.value = failed.message;
    }
  };
  const e = errors.value;
  return (
    <form class="card" onSubmit={submit} aria-label={b ? 'Edit blackout' : 'Add a blackout'}>
      <h3>{b ? 'Edit blackout' : 'Add a blackout'}</h3>
      <Field label={TITLE} hint="Your own note, for this admin. Shoppers never see it." errors={e.title}>
        {({ id, describedBy, invalid }) => (
          <input
            ref={first}
            id={id}
            value={title.value}
            onInput={(x) => (title.value = x.currentTarget.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <Field
        label={REASON}
        hint="What shoppers read on the closed days, after “unavailable:”, e.g. “Christmas Day”. Leave it empty and they read “closed”."
        errors={e.shopper_reason}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            maxLength={255}
            value={reason.value}
            onInput={(x) => (reason.value = x.currentTarget.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <label class="check">
        <input
          type="checkbox"
          checked={allDay.value}
          onChange={(x) => ((allDay.value = x.currentTarget.checked), (from.value = ''), (to.value = ''))}
        />{' '}
        All day
      </label>
      <Field label={allDay.value ? 'First day' : 'Starts'} errors={e.starts_at}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            required
            type={allDay.value ? 'date' : 'datetime-local'}
            value={from.value}
            onInput={(x) => (from.value = x.currentTarget.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <Field label={allDay.value ? 'Last day' : 'Ends'} errors={e.finishes_at}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            required
            type={allDay.value ? 'date' : 'datetime-local'}
            value={to.value}
            onInput={(x) => (to.value = x.currentTarget.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <Field label="Applies to" errors={e.external_product_id ?? e.external_variant_id ?? e.location_id}>
        {({ id }) => (
          <select id={id} value={target.value} onChange={(x) => (target.value = x.currentTarget.value)}>
            <option value="">The whole shop</option>
            {locations.value?.map((l) => (
              <option key={`l${l.id}`} value={`l:${l.id}`}>
                {l.name}: everything there
              </option>
            ))}
            {products.value?.map((p) => [
              <option key={`p${p.id}`} value={`p:${p.external_id}`}>
                {p.title} (every variant)
              </option>,
              ...p.variants.map((v) => (
                <option key={`v${v.id}`} value={`v:${v.external_id}`}>
                  {p.title} – {v.title}
                </option>
              )),
            ])}
          </select>
        )}
      </Field>
      <Field label="What it stops" errors={e.scope}>
        {({ id }) => (
          <select
            id={id}
            value={scope.value}
            onChange={(x) => (scope.value = x.currentTarget.value as 'overlap' | 'start')}
          >
            <option value="overlap">Everything: no booking may include this time</option>
            <option value="start">New starts only: a booking that starts before may run through it</option>
          </select>
        )}
      </Field>
      <Status message={problem.value} error />
      <p class="row">
        <button class="primary" type="submit">
          {b ? 'Save blackout' : 'Add blackout'}
        </button>
        <button type="button" onClick={() => props.onDone(null)}>
          Cancel
        </button>
      </p>
    </form>
  );
}
