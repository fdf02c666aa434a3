/**
 * A variant's schedule: booked by the day or by times of day; places at each start or items in
 * use at once; the week's opening hours or start times; lengths, buffers, notice and horizon;
 * with the next seven days previewed and what the change would leave outside it listed before
 * saving (PUT /v1/variants/{id} `schedule`). Errors, the editor's own and the service's 422,
 * stand beside their fields in the merchant's words.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import type { Variant } from '../../client/index.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import { client, problemOf } from '../api.ts';
import { Field, focusMessage, type Say } from '../components/bits.tsx';
import { loadCatalog } from '../models/catalog.ts';
import {
  draftOf,
  fieldsShown,
  inMerchantWords,
  NUMBER_LABELS,
  type ScheduleDraft,
  scheduleLabels,
  scheduleOf,
} from '../models/schedule-draft.ts';
import { session, shopToday } from '../models/session.ts';
import { ScheduleMisfits, SchedulePreview } from './SchedulePreview.tsx';
import { ScheduleWeek } from './ScheduleWeek.tsx';

/** A group of radio buttons with a legend, each choice with its plain-words hint. */
function Choice<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: Array<[T, string, string?]>;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.options.map(([value, label, hint]) => (
        <label class="check" key={value}>
          <input
            type="radio"
            name={props.name}
            checked={props.value === value}
            onChange={() => props.onChange(value)}
          />{' '}
          <span>
            {label}
            {hint && <span class="hint"> {hint}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

const WHOLE_SCHEDULE = ['schedule', 'schedule.hours', 'schedule.departures'];

/** The schedule editor of `variant`; `today`/`now` stand for the shop's clock (tests). */
export function ScheduleEditor(props: {
  variant: Variant;
  say: Say;
  close: () => void;
  today?: PlainDate;
  now?: number;
}) {
  const v = props.variant;
  const draft = useSignal<ScheduleDraft>(draftOf(v.schedule ?? null));
  const errors = useSignal<Record<string, string[]>>({});
  const idBase = useId();
  const set = (next: ScheduleDraft) => (draft.value = next);
  const d = draft.value;
  const e = errors.value;
  const built = scheduleOf(d);
  const complete = Object.keys(built.errors).length === 0;
  const save = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    errors.value = built.errors;
    if (!complete) {
      props.say(`${v.title} not saved: fix the fields marked below.`, true);
      return;
    }
    try {
      await client.variants.update(v.id, { schedule: built.schedule });
      props.say(
        built.schedule ? `${v.title}: booked by times of day, schedule saved.` : `${v.title}: booked by the day again.`,
      );
      props.close();
      await loadCatalog();
      focusMessage();
    } catch (error) {
      const problem = problemOf(error, scheduleLabels(), `${v.title} not saved`);
      errors.value = Object.fromEntries(
        Object.entries(problem.fields).map(([path, list]) => [path, list.map(inMerchantWords)]),
      );
      props.say(inMerchantWords(problem.message), true);
    }
  };
  const tz = session.value?.shop.tz ?? 'UTC';
  const whole = WHOLE_SCHEDULE.flatMap((path) => e[path] ?? []);
  return (
    <form onSubmit={save} aria-label={`Times of day for ${v.title}`} class="schedule">
      <h4>Times of day for {v.title}</h4>
      <Choice
        legend="How is it booked?"
        name={`${idBase}-booking`}
        value={d.booking}
        options={[
          ['days', 'By the day', '(whole days or nights)'],
          ['slots', 'By times of day', '(slots with a start and an end)'],
        ]}
        onChange={(booking) => set({ ...d, booking })}
      />
      {d.booking === 'slots' && (
        <>
          <Choice
            legend={`What is the capacity (${v.capacity})?`}
            name={`${idBase}-counting`}
            value={d.counting}
            options={[
              ['seats', 'Places at each start', 'Each start has its own places (tours, classes).'],
              ['units', 'Items in use', 'Items in use at the same time (hire by the hour).'],
            ]}
            onChange={(counting) => set({ ...d, counting })}
          />
          <Choice
            legend="When do slots start?"
            name={`${idBase}-mode`}
            value={d.mode}
            options={[
              ['hours', 'Opening hours', '(a new slot every few minutes while open)'],
              ['departures', 'Fixed start times', '(departures, such as 09:00 and 13:00)'],
            ]}
            onChange={(mode) => set({ ...d, mode })}
          />
          {whole.length > 0 && <p class="error">{whole.join('; ')}</p>}
          <ScheduleWeek idBase={idBase} draft={d} errors={e} set={set} />
          <div class="row">
            {fieldsShown(d).map((field) => (
              <Field key={field} label={NUMBER_LABELS[field]} errors={e[`schedule.${field}`]}>
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    type="number"
                    min={0}
                    style="width:8em"
                    value={d.numbers[field]}
                    onInput={(x) => set({ ...d, numbers: { ...d.numbers, [field]: x.currentTarget.value } })}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                  />
                )}
              </Field>
            ))}
          </div>
          <h5>The next seven days</h5>
          <SchedulePreview
            schedule={complete ? (built.schedule ?? undefined) : undefined}
            capacity={v.capacity}
            tz={tz}
            locale={session.value?.shop.locale ?? 'en'}
            today={props.today ?? shopToday()}
            now={props.now ?? Date.now()}
          />
        </>
      )}
      <h5>Before you save</h5>
      <ScheduleMisfits variantId={v.id} schedule={complete ? built.schedule : undefined} />
      <p class="row">
        <button class="primary" type="submit">
          Save times of {v.title}
        </button>
        <button type="button" onClick={props.close}>
          Cancel
        </button>
      </p>
    </form>
  );
}
