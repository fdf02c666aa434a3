/**
 * "Dates booked on other sites" on a product's card: for each variant, the calendar addresses
 * of other booking sites (their .ics export) whose bookings close its dates here (API.md §4.20),
 * each with how its last check went, in words; add one, check one now, remove one (two steps:
 * its closed dates open again). Loaded when the disclosure is opened.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { CalendarImport, Product, Variant } from '../../client/index.ts';
import { client, problemOf } from '../api.ts';
import { ConfirmButton, Field, type Say } from '../components/bits.tsx';
import { Details } from '../components/Details.tsx';
import { when } from '../models/dates.ts';

/** How the last check of an import went, in the merchant's words. */
export function importResult(i: CalendarImport): string {
  if (i.last_status === 'pending') return 'Not checked yet: it is checked within a few minutes.';
  const at = i.last_fetched_at ? when(i.last_fetched_at) : '';
  const dates = i.event_count === 1 ? '1 booking' : `${i.event_count} bookings`;
  if (i.last_status === 'error') return `Could not be read at ${at}; the dates closed before stay closed.`;
  if (i.last_status === 'unchanged') return `Checked at ${at}: nothing changed.`;
  return `Checked at ${at}: ${dates} closing dates here.`;
}

/** One variant's imported calendars and the form that adds one. */
function VariantImports(props: { variant: Variant; say: Say }) {
  const v = props.variant;
  const list = useSignal<CalendarImport[] | null>(null);
  const url = useSignal('');
  const errors = useSignal<string[] | undefined>(undefined);
  const load = async () => {
    list.value = await client.calendarImports.list(v.id).catch(() => []);
  };
  useEffect(() => {
    void load();
  }, [v.id]);
  const add = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    try {
      await client.calendarImports.create(v.id, url.value.trim());
      props.say(`${v.title}: the other site's calendar is added; it is checked within a few minutes.`);
      url.value = '';
      errors.value = undefined;
      await load();
    } catch (failure) {
      const problem = problemOf(failure, { url: 'Calendar address' }, 'Not added');
      errors.value = problem.fields.url;
      props.say(problem.message, true);
    }
  };
  const act = async (i: CalendarImport, what: 'check' | 'remove') => {
    props.say(null);
    try {
      if (what === 'check') await client.calendarImports.refresh(v.id, i.id);
      else await client.calendarImports.remove(v.id, i.id);
      props.say(
        what === 'check' ? `${v.title}: calendar checked.` : `${v.title}: calendar removed, its dates open again.`,
      );
      await load();
    } catch (failure) {
      props.say(problemOf(failure, {}, what === 'check' ? 'Not checked' : 'Not removed').message, true);
    }
  };
  return (
    <>
      <h4>{v.title}</h4>
      <ul class="list">
        {list.value?.map((i) => (
          <li class="entry" key={i.id}>
            <span class="what">
              <span class="grow">{i.url}</span> {importResult(i)}
              {i.last_error && <Details about={`the check of ${i.url}`}>{i.last_error}</Details>}
            </span>
            <span class="actions">
              <button type="button" onClick={() => void act(i, 'check')}>
                Check now<span class="sr-only"> {i.url}</span>
              </button>
              <ConfirmButton
                label={`Remove ${i.url}`}
                question={`Remove this calendar from ${v.title}? The dates it closed open again.`}
                confirmLabel="Yes, remove it"
                onConfirm={() => act(i, 'remove')}
              />
            </span>
          </li>
        ))}
      </ul>
      <form onSubmit={add} aria-label={`Add another site's calendar to ${v.title}`}>
        <Field label={`Calendar address for ${v.title} (the other site's .ics export)`} errors={errors.value}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="url"
              value={url.value}
              placeholder="https://"
              onInput={(e) => (url.value = e.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <p>
          <button type="submit">Add calendar to {v.title}</button>
        </p>
      </form>
    </>
  );
}

/** The product's disclosure of other sites' calendars; its variants' lists load when opened. */
export function CalendarImports(props: { product: Product; say: Say }) {
  const opened = useSignal(false);
  return (
    <details class="questions" onToggle={(e) => (opened.value = e.currentTarget.open)}>
      <summary>Dates booked on other sites ({props.product.title})</summary>
      {opened.value && (
        <>
          <p>
            Rent this out on another booking site too? Paste that site's calendar address (its .ics export): the dates
            booked there close here, checked every few minutes.
          </p>
          {props.product.variants.map((v) => (
            <VariantImports key={v.id} variant={v} say={props.say} />
          ))}
        </>
      )}
    </details>
  );
}
