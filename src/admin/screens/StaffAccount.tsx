/**
 * "Your account" on the Staff screen: one's own name, email address, password and whether new and
 * cancelled bookings are emailed to one (issue 31). A new password
 * needs the current one, except for the owner who came by the one-time link and has none yet.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { Field, type Say } from '../components/bits.tsx';
import { NewPasswordField } from '../components/NewPasswordField.tsx';
import { loadSession } from '../models/session.ts';
import { addPasskey, passkeysSupported } from '../models/passkeys.ts';
import { AdminRequestError, type StaffMember, staffApi } from '../models/staff.ts';

/** The form's labels, for the service's field names in its messages. */
const LABELS: Record<string, string> = {
  name: 'Your name',
  email: 'Email address',
  password: 'New password',
  current_password: 'Current password',
  notify_bookings: 'Email me new and cancelled bookings',
  end_other_sessions: 'With a new password, sign me out on my other devices',
};

/** The account's part of the Staff screen. */
export function StaffAccount(props: { say: Say }) {
  const me = useSignal<StaffMember | null>(null);
  const name = useSignal('');
  const email = useSignal('');
  const notify = useSignal(false);
  const errors = useSignal<Record<string, string[]>>({});
  const load = async () => {
    const account = await staffApi.account();
    me.value = account;
    name.value = account.name;
    email.value = account.email ?? '';
    notify.value = account.notify_bookings;
  };
  useEffect(() => {
    load().catch((error: unknown) => props.say(String((error as Error).message), true));
  }, []);
  const save = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    const form = event.currentTarget as HTMLFormElement;
    const password = form.elements.namedItem('password') as HTMLInputElement;
    const current = form.elements.namedItem('current_password') as HTMLInputElement | null;
    const fields: Record<string, string | boolean> = {};
    if (notify.value !== me.value?.notify_bookings) fields.notify_bookings = notify.value;
    if (name.value.trim() !== me.value?.name) fields.name = name.value;
    if (email.value.trim() !== (me.value?.email ?? '')) fields.email = email.value;
    if (password.value) fields.password = password.value;
    if (password.value && current?.value) fields.current_password = current.value;
    const others = form.elements.namedItem('end_other_sessions') as HTMLInputElement;
    if (password.value && others.checked) fields.end_other_sessions = true;
    try {
      await staffApi.updateAccount(fields);
      const endedOthers = fields.end_other_sessions === true;
      password.value = '';
      others.checked = false;
      if (current) current.value = '';
      errors.value = {};
      await load();
      await loadSession();
      props.say(
        endedOthers ? 'Your account is saved, and your other devices are signed out.' : 'Your account is saved.',
      );
    } catch (error) {
      const fieldErrors = error instanceof AdminRequestError ? error.fields : {};
      errors.value = fieldErrors;
      props.say(
        Object.keys(fieldErrors).length ? 'Not saved: fix the fields marked below.' : (error as Error).message,
        true,
      );
    }
  };
  const newPasskey = async () => {
    props.say(null);
    try {
      await addPasskey(`${me.value?.name ?? 'My'} passkey`);
      await load();
      props.say('Passkey added: you can sign in with it on this device.');
    } catch (error) {
      props.say(
        error instanceof Error && error.name === 'NotAllowedError'
          ? 'No passkey was made: the request was cancelled.'
          : (error as Error).message,
        true,
      );
    }
  };
  if (!me.value) return null;
  return (
    <form onSubmit={save} aria-labelledby="your-account">
      <h3 id="your-account">Your account</h3>
      {!me.value.email && (
        <p class="hint">Set your email address and a password now: the one-time link you came by works only once.</p>
      )}
      <Field label={LABELS.name!} errors={errors.value.name}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            autocomplete="name"
            value={name.value}
            onInput={(e) => (name.value = e.currentTarget.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <Field label={LABELS.email!} hint="You sign in with it." errors={errors.value.email}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="email"
            autocomplete="username"
            value={email.value}
            onInput={(e) => (email.value = e.currentTarget.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <NewPasswordField
        label={LABELS.password!}
        hint="At least 10 characters. Leave empty to keep your password."
        errors={errors.value.password}
        required={false}
      />
      <p>
        <label>
          <input
            type="checkbox"
            name="notify_bookings"
            checked={notify.value}
            onChange={(e) => (notify.value = e.currentTarget.checked)}
          />{' '}
          {LABELS.notify_bookings}
        </label>
        <span class="hint"> Sent to your email address above, besides the shop's own notice address.</span>
        {errors.value.notify_bookings && <span class="error"> {errors.value.notify_bookings.join(' ')}</span>}
      </p>
      {me.value.has_password && (
        <Field label={LABELS.current_password!} errors={errors.value.current_password}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="current_password"
              type="password"
              autocomplete="current-password"
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
      )}
      <p>
        <label>
          <input
            type="checkbox"
            name="end_other_sessions"
            aria-describedby={errors.value.end_other_sessions ? 'end-other-sessions-error' : undefined}
          />{' '}
          {LABELS.end_other_sessions}
        </label>
        <span class="hint"> This device stays signed in.</span>
        {errors.value.end_other_sessions && (
          <span class="error" id="end-other-sessions-error">
            {' '}
            {errors.value.end_other_sessions.join(' ')}
          </span>
        )}
      </p>
      <p>
        <button class="primary" type="submit">
          Save your account
        </button>
      </p>
      <p>
        Passkeys: {me.value.passkeys === 0 ? 'none yet' : me.value.passkeys}. A passkey signs you in with this device's
        lock (fingerprint, face or PIN) instead of a password.{' '}
        {passkeysSupported() && (
          <button type="button" onClick={() => void newPasskey()}>
            Add a passkey
          </button>
        )}
      </p>
    </form>
  );
}
