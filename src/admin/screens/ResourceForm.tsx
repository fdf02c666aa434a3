/**
 * The form of a resource, new or changed: its name, what it is, how many can be in use at once,
 * its weekly hours (the schedules' week editor) or "always", its location and the staff
 * account it is. Errors stand beside their controls; the service's too.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { ResourceRecord } from '../../client/index.ts';
import { client } from '../api.ts';
import { Fieldset, SaveBar, SelectField, TextField } from '../components/form/fields.tsx';
import { useForm } from '../components/form/use-form.ts';
import { LocationField } from '../components/LocationField.tsx';
import {
  hoursDraftOf,
  KIND_NAMES,
  RESOURCE_LABELS,
  resourceBodyOf,
  valuesOf,
  withHoursPaths,
} from '../models/resource-draft.ts';
import { ScheduleWeek } from './ScheduleWeek.tsx';

/** Someone who may be linked to a resource: a member of the shop's staff. */
export interface StaffChoice {
  id: number;
  name: string;
}

/** The form; `onDone` gets the sentence to say (null: cancelled), and the error sentence goes to `onProblem`. */
export function ResourceForm(props: {
  resource: ResourceRecord | null;
  staff: readonly StaffChoice[];
  onDone: (said: string | null) => void;
  onProblem: (message: string) => void;
}) {
  const r = props.resource;
  const form = useForm(valuesOf(r ?? undefined), RESOURCE_LABELS);
  const hours = useSignal(hoursDraftOf(r ?? undefined));
  const { values, errors, set } = form;
  const v = values.value;
  const save = async (event: Event) => {
    event.preventDefault();
    let saved: ResourceRecord | undefined;
    const problem = await form.submit(
      (typed) => resourceBodyOf(typed, hours.value),
      async (body) => {
        saved = r ? await client.resources.update(r.id, body) : await client.resources.create(body);
      },
    );
    errors.value = withHoursPaths(errors.value);
    if (problem) props.onProblem(problem);
    else props.onDone(`${saved!.name} ${r ? 'saved' : 'added'}.`);
  };
  const heading = r ? `Edit ${r.name}` : 'Add a resource';
  return (
    <form class="card" onSubmit={save} aria-label={heading} noValidate>
      <h3>{heading}</h3>
      <div class="row">
        <TextField label="Name" value={v.name} onInput={set('name')} errors={errors.value.name} required />
        <SelectField
          label="What it is"
          value={v.kind}
          onChange={(kind) => set('kind')(kind as typeof v.kind)}
          options={Object.entries(KIND_NAMES).map(([value, label]) => ({ value, label }))}
          errors={errors.value.kind}
        />
        <TextField
          label="How many at once"
          hint="A person: 1. A fleet of 12 kayaks: 12."
          type="number"
          inputMode="numeric"
          min={1}
          narrow
          value={v.units}
          onInput={set('units')}
          errors={errors.value.units}
        />
      </div>
      <div class="row">
        <LocationField value={v.location} onChange={set('location')} errors={errors.value.location_id} />
        <SelectField
          label="Their staff account"
          hint="Their Today and calendar feed show what they are booked for."
          value={v.staff}
          onChange={set('staff')}
          errors={errors.value.staff_account_id}
          options={[{ value: '', label: 'None' }, ...props.staff.map((s) => ({ value: String(s.id), label: s.name }))]}
        />
      </div>
      <Fieldset legend="Available" errors={errors.value.hours ?? errors.value['schedule.hours']}>
        {(['always', 'hours'] as const).map((when) => (
          <label key={when} class="check">
            <input type="radio" name="when" value={when} checked={v.when === when} onChange={() => set('when')(when)} />{' '}
            {when === 'always' ? 'Whenever a booking needs it' : 'Only in these weekly hours'}
          </label>
        ))}
        {v.when === 'hours' && (
          <ScheduleWeek
            idBase="resource-hours"
            draft={hours.value}
            errors={errors.value}
            set={(d) => (hours.value = d)}
          />
        )}
      </Fieldset>
      <SaveBar
        label={r ? `Save ${r.name}` : 'Add the resource'}
        busy={form.busy.value}
        onCancel={() => props.onDone(null)}
      />
    </form>
  );
}
