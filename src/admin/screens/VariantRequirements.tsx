/**
 * "What it needs" in the product editor: each variant's requirements of shared resources in
 * plain words ("Each departure needs one of Anna or Ben"), and an editor for them: the pool's
 * members, how many it takes, for each one booked, each booking or each departure, and whether
 * the shopper chooses. Before a change that would leave upcoming bookings without their
 * resource, it names those bookings and asks again.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { Product, RequirementParams, ResourceRecord, Variant } from '../../client/index.ts';
import { client } from '../api.ts';
import type { Say } from '../components/bits.tsx';
import { Fieldset, SaveBar, SelectField, TextField } from '../components/form/fields.tsx';
import { loadCatalog } from '../models/catalog.ts';
import { when } from '../models/dates.ts';
import { problemOf } from '../problems.ts';
import {
  draftsOf,
  PER_NAMES,
  type RequirementDraft,
  requirementsOf,
  requirementWords,
  type Stranded,
  strandedBy,
} from '../models/requirements.ts';
import { useResource } from '../models/use-resource.ts';

/** One requirement's controls. */
function RequirementFields(props: {
  at: number;
  draft: RequirementDraft;
  resources: readonly ResourceRecord[];
  errors: Record<string, string[]>;
  set: (draft: RequirementDraft | null) => void;
}) {
  const { draft, at } = props;
  const key = `requirements[${at}]`;
  const toggle = (id: number) =>
    props.set({
      ...draft,
      resources: draft.resources.includes(id) ? draft.resources.filter((r) => r !== id) : [...draft.resources, id],
    });
  return (
    <Fieldset legend={`Need ${at + 1}`} class="requirement">
      <Fieldset legend="Any one of" errors={props.errors[`${key}.resources`]}>
        {props.resources.map((r) => (
          <label key={r.id} class="check">
            <input type="checkbox" checked={draft.resources.includes(r.id)} onChange={() => toggle(r.id)} /> {r.name}
          </label>
        ))}
      </Fieldset>
      <div class="row">
        <TextField
          label="How many it takes"
          type="number"
          inputMode="numeric"
          min={1}
          narrow
          value={draft.uses}
          onInput={(uses) => props.set({ ...draft, uses })}
          errors={props.errors[`${key}.uses`]}
        />
        <SelectField
          label="For"
          value={draft.per}
          onChange={(per) => props.set({ ...draft, per: per as RequirementDraft['per'] })}
          options={Object.entries(PER_NAMES).map(([value, label]) => ({ value, label }))}
          errors={props.errors[`${key}.per`]}
        />
      </div>
      <label class="check">
        <input
          type="checkbox"
          checked={draft.shopperChooses}
          onChange={() => props.set({ ...draft, shopperChooses: !draft.shopperChooses })}
        />{' '}
        The shopper chooses which
      </label>
      <p>
        <button type="button" onClick={() => props.set(null)}>
          Remove need {at + 1}
        </button>
      </p>
    </Fieldset>
  );
}

/** The bookings a change would leave without their resource, by date and customer. */
function StrandedList(props: { list: readonly Stranded[] }) {
  return (
    <div class="warning" role="alert">
      <p>
        {props.list.length === 1
          ? 'This upcoming booking would lose its resource:'
          : `These ${props.list.length} upcoming bookings would lose their resources:`}
      </p>
      <ul>
        {props.list.map(({ booking, resource }) => (
          <li key={booking.id}>
            <a href={`#/bookings/${booking.id}`}>
              {when(booking.starts_at)},{' '}
              {booking.customers[0]
                ? `${booking.customers[0].first_name} ${booking.customers[0].last_name}`
                : 'no name'}
            </a>{' '}
            ({resource})
          </li>
        ))}
      </ul>
      <p>Give them another resource first, or save anyway.</p>
    </div>
  );
}

/** The editor of one variant's requirements; `close` with what to say. */
function RequirementsEditor(props: {
  variant: Variant;
  resources: readonly ResourceRecord[];
  say: Say;
  close: () => void;
}) {
  const v = props.variant;
  const drafts = useSignal(draftsOf(v));
  const errors = useSignal<Record<string, string[]>>({});
  const stranded = useSignal<Stranded[] | null>(null);
  const busy = useSignal(false);
  const send = async (body: RequirementParams[]) => {
    try {
      await client.variants.update(v.id, { requirements: body });
      props.say(`${v.title}: what it needs is saved.`);
      await loadCatalog();
      props.close();
    } catch (error) {
      const problem = problemOf(error, {}, `${v.title} not saved`);
      errors.value = problem.fields;
      props.say(problem.message, true);
    }
  };
  const save = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    const checked = requirementsOf(drafts.value);
    errors.value = checked.errors;
    if (!checked.body) return props.say(`${v.title} not saved: fix the fields marked below.`, true);
    busy.value = true;
    try {
      if (stranded.value === null) {
        const ahead = await client.bookings.list({
          external_variant_id: v.external_id,
          start_min: new Date().toISOString(),
        });
        const list = strandedBy(checked.body, ahead, v.external_id, props.resources);
        if (list.length) return void (stranded.value = list);
      }
      await send(checked.body);
    } finally {
      busy.value = false;
    }
  };
  const set = (at: number) => (draft: RequirementDraft | null) => {
    stranded.value = null;
    drafts.value = draft ? drafts.value.map((d, i) => (i === at ? draft : d)) : drafts.value.filter((_, i) => i !== at);
  };
  return (
    <form onSubmit={save} aria-label={`What ${v.title} needs`}>
      {drafts.value.map((d, at) => (
        <RequirementFields key={at} at={at} draft={d} resources={props.resources} errors={errors.value} set={set(at)} />
      ))}
      <p>
        <button
          type="button"
          onClick={() =>
            (drafts.value = [...drafts.value, { resources: [], uses: '1', per: 'booking', shopperChooses: false }])
          }
        >
          Add a need to {v.title}
        </button>
      </p>
      {stranded.value && <StrandedList list={stranded.value} />}
      <SaveBar
        label={stranded.value ? 'Save anyway' : `Save what ${v.title} needs`}
        busy={busy.value}
        onCancel={props.close}
      />
    </form>
  );
}

/** Each variant's needs of the shop's resources, with a button to change them. */
export function VariantRequirements(props: { product: Product; say: Say }) {
  const resources = useResource(
    () => undefined,
    async (_: undefined, signal) => {
      const list: ResourceRecord[] = [];
      for await (const r of client.resources.iterate({}, { signal })) list.push(r);
      return list;
    },
  );
  const open = useSignal<number | null>(null);
  const list = resources.data.value ?? [];
  return (
    <details class="requirements">
      <summary>What {props.product.title} needs (guides, boats, equipment)</summary>
      {resources.data.value && list.length === 0 && <p>No resources yet: add them on the Resources screen.</p>}
      {props.product.variants.map((v) => (
        <div key={v.id}>
          <h4>{v.title}</h4>
          {(v.requirements ?? []).length === 0 && <p>Needs no shared resource.</p>}
          <ul>
            {(v.requirements ?? []).map((r, i) => (
              <li key={i}>{requirementWords(r, list)}</li>
            ))}
          </ul>
          {open.value === v.id ? (
            <RequirementsEditor variant={v} resources={list} say={props.say} close={() => (open.value = null)} />
          ) : (
            list.length > 0 && (
              <button type="button" onClick={() => (open.value = v.id)}>
                Change what {v.title} needs
              </button>
            )
          )}
        </div>
      ))}
    </details>
  );
}
