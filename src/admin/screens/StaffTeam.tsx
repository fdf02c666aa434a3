/**
 * The owner's part of the Staff screen: the shop's staff with their roles (owner: everything;
 * staff: all but tokens, staff and Shopify), removing someone (two steps), and inviting by email
 * address: the invitation's link is shown to copy and hand over (it works once, for 7 days).
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { ConfirmButton, CopyButton, Field, type Say } from '../components/bits.tsx';
import { session } from '../models/session.ts';
import { AdminRequestError, type Invitation, type StaffMember, staffApi } from '../models/staff.ts';

const ROLES = { owner: 'Owner: everything', staff: 'Staff: all but tokens, staff and Shopify' } as const;

/** The staff list and invitations. */
export function StaffTeam(props: { say: Say }) {
  const staff = useSignal<StaffMember[]>([]);
  const invitations = useSignal<Invitation[]>([]);
  const email = useSignal('');
  const role = useSignal<'owner' | 'staff'>('staff');
  const made = useSignal<Invitation | null>(null);
  const errors = useSignal<Record<string, string[]>>({});
  const load = async () => {
    const answer = await staffApi.list();
    staff.value = answer.staff;
    invitations.value = answer.invitations;
  };
  useEffect(() => {
    load().catch((error: unknown) => props.say((error as Error).message, true));
  }, []);
  const act = async (work: () => Promise<unknown>, done: string) => {
    props.say(null);
    try {
      await work();
      props.say(done);
      await load();
    } catch (error) {
      props.say((error as Error).message, true);
    }
  };
  const invite = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    try {
      made.value = await staffApi.invite(email.value.trim(), role.value);
      errors.value = {};
      props.say(`Invitation made for ${made.value.email}: copy the link and send it to them.`);
      email.value = '';
      await load();
    } catch (error) {
      const fields = error instanceof AdminRequestError ? error.fields : {};
      errors.value = fields;
      props.say(Object.keys(fields).length ? 'Not made: fix the fields marked below.' : (error as Error).message, true);
    }
  };
  const me = session.value?.staff.id;
  return (
    <>
      <h3>The shop's staff</h3>
      <ul class="plain">
        {staff.value.map((m) => (
          <li key={m.id} class="row">
            <span>
              <strong>{m.name}</strong> {m.email ?? '(no email address yet)'}
            </span>
            <label class="row">
              Role of {m.name}
              <select
                value={m.role}
                disabled={m.id === me}
                onChange={(e) => {
                  const next = e.currentTarget.value as 'owner' | 'staff';
                  void act(
                    () => staffApi.changeRole(m.id, next),
                    `${m.name} is now ${next === 'owner' ? 'an owner' : 'staff'}.`,
                  );
                }}
              >
                <option value="owner">{ROLES.owner}</option>
                <option value="staff">{ROLES.staff}</option>
              </select>
            </label>
            {m.id !== me && (
              <ConfirmButton
                label={`Remove ${m.name}`}
                question={`Remove ${m.name}? They are signed out at once and can no longer sign in.`}
                confirmLabel={`Yes, remove ${m.name}`}
                onConfirm={() => act(() => staffApi.remove(m.id), `${m.name} was removed.`)}
              />
            )}
          </li>
        ))}
      </ul>
      {invitations.value.length > 0 && (
        <>
          <h4>Invited, not yet joined</h4>
          <ul class="plain">
            {invitations.value.map((i) => (
              <li key={i.id} class="row">
                <span>
                  {i.email} ({i.role})
                </span>
                <ConfirmButton
                  label={`Withdraw the invitation of ${i.email}`}
                  confirmLabel="Yes, withdraw it"
                  onConfirm={() => act(() => staffApi.withdraw(i.id), `The invitation of ${i.email} was withdrawn.`)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {made.value?.url && (
        <div class="token-once">
          <p>
            The invitation's link for <strong>{made.value.email}</strong> (shown once; it works once, for 7 days):
          </p>
          <p>
            <code>{made.value.url}</code>
          </p>
          <CopyButton text={made.value.url} label="Copy the invitation link" />
          <button type="button" onClick={() => (made.value = null)}>
            I have sent it
          </button>
        </div>
      )}
      <form onSubmit={invite} aria-labelledby="invite-someone">
        <h4 id="invite-someone">Invite someone</h4>
        <Field label="Their email address" errors={errors.value.email}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="email"
              value={email.value}
              onInput={(e) => (email.value = e.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              required
            />
          )}
        </Field>
        <Field label="Role" errors={errors.value.role}>
          {({ id }) => (
            <select
              id={id}
              value={role.value}
              onChange={(e) => (role.value = e.currentTarget.value as 'owner' | 'staff')}
            >
              <option value="staff">{ROLES.staff}</option>
              <option value="owner">{ROLES.owner}</option>
            </select>
          )}
        </Field>
        <p>
          <button class="primary" type="submit">
            Invite
          </button>
        </p>
      </form>
    </>
  );
}
