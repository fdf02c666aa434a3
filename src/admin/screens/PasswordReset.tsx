/**
 * "Forgot password?" (issue 38 point 3): on the sign-in page, a form that asks for a link by
 * email address (the answer is the same whether an account has it), and the link's own page
 * (`/admin/#/reset/<token>`), where the person chooses a new password and is signed in. A link
 * used or lapsed says so, and how to get a new one.
 * @module
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { Field, Status } from '../components/bits.tsx';
import { NewPasswordField } from '../components/NewPasswordField.tsx';
import { loadSession } from '../models/session.ts';
import { AdminRequestError, staffApi } from '../models/staff.ts';

/** The form that asks for a link (`/admin/#/forgot`). */
export function ForgotPassword() {
  const heading = useRef<HTMLHeadingElement>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  const submit = async (event: Event) => {
    event.preventDefault();
    const field = (event.currentTarget as HTMLFormElement).elements.namedItem('email') as HTMLInputElement;
    setBusy(true);
    setProblem(null);
    try {
      setAnswer((await staffApi.askReset(field.value.trim())).message);
      setErrors({});
    } catch (error) {
      const known = error instanceof AdminRequestError;
      setErrors(known ? error.fields : {});
      setProblem(known && Object.keys(error.fields).length ? null : (error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Forgot your password?
      </h1>
      <p>Type the email address you sign in with. We email you a link to choose a new password.</p>
      <form onSubmit={submit}>
        <Field label="Email address" errors={errors.email}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="email"
              name="email"
              autocomplete="username"
              required
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <p>
          <button class="primary" type="submit" disabled={busy}>
            Email me a link
          </button>
        </p>
        <Status message={answer} />
        <Status message={problem} error />
      </form>
      <p>
        <a href="#/">Back to sign in</a>
      </p>
      <p class="hint">
        No email address on your account? Whoever runs the service can print a new sign-in link for the shop's owner
        with <code>npm run service -- --owner-link "Your shop"</code>.
      </p>
    </>
  );
}

/** The page of an emailed link: choose a new password. */
export function NewPassword(props: { token: string }) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [gone, setGone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const field = (event.currentTarget as HTMLFormElement).elements.namedItem('password') as HTMLInputElement;
    setBusy(true);
    setProblem(null);
    try {
      await staffApi.newPassword(props.token, field.value);
      field.value = '';
      history.replaceState(null, '', '/admin/');
      await loadSession();
    } catch (error) {
      const known = error instanceof AdminRequestError;
      setErrors(known ? error.fields : {});
      if (known && error.status === 410) setGone(true);
      setProblem(known && Object.keys(error.fields).length ? null : (error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="signin">
      <section class="card">
        <h1>Choose a new password</h1>
        {gone ? (
          <>
            <p>This link has been used or has expired: a link works once, for 30 minutes.</p>
            <p>
              <a href="/admin/">Go to the sign-in page</a> and choose "Forgot password?" to get a new one.
            </p>
          </>
        ) : (
          <form onSubmit={submit}>
            <p>You are signed in with it at once, and signed out everywhere else.</p>
            <NewPasswordField label="New password" hint="At least 10 characters." errors={errors.password} />
            <p>
              <button class="primary" type="submit" disabled={busy}>
                Save and sign in
              </button>
            </p>
            <Status message={problem} error />
          </form>
        )}
      </section>
    </main>
  );
}
