/**
 * Resources: the people and things the shop's products share (guides, boats, a fleet of
 * kayaks). Lists them with how many there are and when they are available; adds, edits and
 * deletes them. A refused delete says, in plain words, which variants still need it or which
 * bookings ahead hold it.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useRef } from 'preact/hooks';
import type { ResourceRecord } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { ConfirmButton, focusMessage, useStatus } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { catalog, ensureCatalog, locationName } from '../models/catalog.ts';
import { deleteRefusal, hoursSummary, KIND_NAMES } from '../models/resource-draft.ts';
import { isOwner } from '../models/session.ts';
import { staffApi } from '../models/staff.ts';
import { useResource } from '../models/use-resource.ts';
import { ResourceFeed } from './ResourceFeed.tsx';
import { ResourceForm, type StaffChoice } from './ResourceForm.tsx';

/** Every resource of the shop, by name, and the staff who may be linked to one. */
async function loadResources(signal: AbortSignal): Promise<{ list: ResourceRecord[]; staff: StaffChoice[] }> {
  const list: ResourceRecord[] = [];
  for await (const r of client.resources.iterate({}, { signal })) list.push(r);
  // Only the owner reads the shop's staff; anyone else may link no one but leaves links as they are.
  const staff = isOwner() ? (await staffApi.list()).staff.map((s) => ({ id: s.id, name: s.name })) : [];
  return { list, staff };
}

/** The Resources screen. */
export function Resources() {
  const { message, problem, say } = useStatus();
  const resources = useResource(
    () => void ensureCatalog(),
    (_, signal) => loadResources(signal),
  );
  /** undefined: no form; null: a new resource; else the one being edited. */
  const editing = useSignal<ResourceRecord | null | undefined>(undefined);
  const opener = useRef<HTMLElement | null>(null);
  const edit = (r: ResourceRecord | null) => {
    opener.current = document.activeElement as HTMLElement | null;
    say(null);
    editing.value = r;
  };
  const remove = async (r: ResourceRecord) => {
    say(null);
    try {
      await client.resources.delete(r.id);
      say(`${r.name} deleted.`);
      await resources.reload();
    } catch (error) {
      say(deleteRefusal(messageOf(error), r.name), true);
    }
  };
  const data = resources.data.value;
  const staffName = (id: number | null) => data?.staff.find((s) => s.id === id)?.name;
  return (
    <section class="card">
      <h2 tabIndex={-1}>Resources</h2>
      <p class="hint">
        The people and things your products share: guides, boats, rooms, a fleet of kayaks. A variant says what it needs
        in its product's Requirements.
      </p>
      <p class="row">
        <button type="button" class="primary" onClick={() => edit(null)}>
          Add a resource
        </button>
      </p>
      <ScreenStatus message={message} problem={problem} loads={[resources, catalog]} />
      {editing.value !== undefined && (
        <ResourceForm
          key={editing.value?.id ?? 'new'}
          resource={editing.value}
          staff={data?.staff ?? []}
          onProblem={(text) => say(text, true)}
          onDone={(text) => {
            editing.value = undefined;
            if (text) say(text), void resources.reload(), focusMessage();
            else if (opener.current?.isConnected) opener.current.focus();
          }}
        />
      )}
      {data && data.list.length === 0 && <p>No resources yet: add your guides, boats or equipment.</p>}
      <ul class="list">
        {data?.list.map((r) => (
          <li key={r.id} class="entry">
            <span class="what">
              <strong>{r.name}</strong>: {KIND_NAMES[r.kind].replace(/ \(.*\)$/, '').toLowerCase()}
              {r.units > 1 && `, ${r.units} at once`} · {hoursSummary(r)}
              {r.location_id !== null && ` · ${locationName(r.location_id)}`}
              {staffName(r.staff_account_id) && ` · ${staffName(r.staff_account_id)}'s account`}
            </span>
            <span class="actions">
              <button type="button" onClick={() => edit(r)}>
                Edit {r.name}
              </button>
              <ResourceFeed resource={r} say={say} />
              <ConfirmButton
                label={`Delete ${r.name}`}
                question={`Delete ${r.name}? Its blackouts go with it.`}
                confirmLabel={`Yes, delete ${r.name}`}
                onConfirm={() => remove(r)}
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
