/**
 * Signing in: each person with their own email address and password (or, from an invitation's
 * link `#/join/<code>`, choosing a name and password first: StaffJoin.tsx; "Forgot password?"
 * at `#/forgot` and an emailed link's `#/reset/<token>`: PasswordReset.tsx). The password lives
 * only in its input until it is posted; the field is emptied at once, whatever the answer.
 * @module
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { loadSession, signIn } from '../models/session.ts';
import { passkeySignIn, passkeysSupported } from '../models/passkeys.ts';
import { Field, Status } from '../components/bits.tsx';
import { ForgotPassword, NewPassword } from './PasswordReset.tsx';
import { StaffJoin } from './StaffJoin.tsx';

/** The address's hash, followed as it changes. */
function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const follow = () => setHash(location.hash);
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return hash;
}

/** The sign-in form, an invitation's page, "Forgot password?" or an emailed link's page. */
export function SignIn() {
  const hash = useHash();
  const code = /^#\/join\/([A-Za-z0-9_-]{43})$/.exec(hash)?.[1];
  if (code) return <StaffJoin code={code} />;
  const token = /^#\/reset\/([A-Za-z0-9._-]{1,200})$/.exec(hash)?.[1];
  if (token) return <NewPassword token={token} />;
  if (hash === '#/forgot')
    return (
      <main class="signin">
        <section class="card">
          <ForgotPassword />
        </section>
      </main>
    );
  return <PasswordSignIn />;
}

function PasswordSignIn() {
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const field = password.current!;
    const typed = field.value;
    field.value = '';
    setBusy(true);
    const message = await signIn(email.current!.value.trim(), typed).catch((error: unknown) =>
      error instanceof Error ? error.message : 'Sign-in failed.',
    );
    setBusy(false);
    setProblem(message);
    if (message) field.focus();
  };
  const withPasskey = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await passkeySignIn();
      await loadSession();
    } catch (error) {
      setProblem(
        error instanceof Error && error.name === 'NotAllowedError'
          ? 'No passkey was chosen. Try again, or sign in with your password.'
          : error instanceof Error
            ? error.message
            : 'Sign-in failed.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="signin">
      <section class="card">
        <h1>Bookings admin</h1>
        <p>Sign in with your own email address and password. You stay signed in for 12 hours or until you sign out.</p>
        <form onSubmit={submit}>
          <Field label="Email address">
            {({ id }) => <input ref={email} id={id} type="email" name="email" autocomplete="username" required />}
          </Field>
          <Field label="Password" errors={problem ? [problem] : undefined}>
            {({ id, describedBy, invalid }) => (
              <input
                ref={password}
                id={id}
                type="password"
                name="password"
                autocomplete="current-password"
                required
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
          <p>
            <a href="#/forgot">Forgot password?</a>
          </p>
          <p>
            <button class="primary" type="submit" disabled={busy}>
              Sign in
            </button>
          </p>
          <Status message={busy ? 'Signing in…' : null} />
        </form>
        {passkeysSupported() && (
          <p>
            <button type="button" onClick={() => void withPasskey()} disabled={busy}>
              Sign in with a passkey
            </button>
          </p>
        )}
        <details>
          <summary>No account yet?</summary>
          <p>
            Ask the shop's owner to invite you under Staff: the invitation's link lets you choose your name and
            password. The owner signs in the first time with the one-time link the service prints when it starts (
            <code>npm run service -- --owner-link "Your shop"</code> prints a new one).
          </p>
        </details>
      </section>
    </main>
  );
}
