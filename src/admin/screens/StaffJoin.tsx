/**
 * An invitation's page (`/admin/#/join/<code>`): says which shop invited which address, and lets
 * the person choose their name and password; accepting signs them in. A link used or expired
 * says so, and how to get a new one.
 * @module
 */
import { useEffect, useState } from 'preact/hooks';
import { Field, Status } from '../components/bits.tsx';
import { NewPasswordField } from '../components/NewPasswordField.tsx';
import { loadSession } from '../models/session.ts';
import { AdminRequestError, staffApi } from '../models/staff.ts';

const LABELS: Record<string, string> = { name: 'Your name', password: 'Choose a password' };

/** The invitation's page for `code`. */
export function StaffJoin(props: { code: string }) {
  const [invitation, setInvitation] = useState<{ shop: { name: string }; email: string } | null | undefined>(undefined);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    staffApi.invitation(props.code).then(setInvitation, () => setInvitation(null));
  }, [props.code]);
  const submit = async (event: Event) => {
    event.preventDefault();
    const field = (event.currentTarget as HTMLFormElement).elements.namedItem('password') as HTMLInputElement;
    const password = field.value;
    setBusy(true);
    setProblem(null);
    try {
      await staffApi.accept(props.code, name, password);
      field.value = '';
      history.replaceState(null, '', '/admin/');
      await loadSession();
    } catch (error) {
      const known = error instanceof AdminRequestError;
      setErrors(known ? error.fields : {});
      if (known && error.status === 410) setInvitation(null);
      setProblem(known && Object.keys(error.fields).length ? 'Not saved: fix the fields marked below.' : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="signin">
      <section class="card">
        <h1>Join the bookings admin</h1>
        {invitation === undefined && <p role="status">Loading…</p>}
        {invitation === null && (
          <>
            <p>This invitation has been used or has expired: an invitation works once, for 7 days.</p>
            <p>
              If you have accepted it already, <a href="/admin/">sign in</a>. Otherwise ask the shop's owner to invite
              you again.
            </p>
          </>
        )}
        {invitation && (
          <form onSubmit={submit}>
            <p>
              {invitation.shop.name} invites <strong>{invitation.email}</strong>. Choose your name and a password (at
              least 10 characters); you sign in with this address and password from now on.
            </p>
            <Field label={LABELS.name!} errors={errors.name}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  autocomplete="name"
                  value={name}
                  onInput={(e) => setName(e.currentTarget.value)}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  required
                />
              )}
            </Field>
            <NewPasswordField label={LABELS.password!} errors={errors.password} />
            <p>
              <button class="primary" type="submit" disabled={busy}>
                Join and sign in
              </button>
            </p>
            <Status message={problem} error />
          </form>
        )}
      </section>
    </main>
  );
}
