/**
 * Sign-in with a secret token. The value lives only in the input until it is posted; the
 * field is emptied at once, whatever the answer.
 * @module
 */
import { useRef, useState } from 'preact/hooks';
import { signIn } from '../models/session.ts';
import { Field, Status } from '../components/bits.tsx';

/** The sign-in form. */
export function SignIn() {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const field = input.current!;
    const token = field.value;
    field.value = '';
    setBusy(true);
    const message = await signIn(token).catch((error: unknown) =>
      error instanceof Error ? error.message : 'Sign-in failed.',
    );
    setBusy(false);
    setProblem(message);
    if (message) field.focus();
  };
  return (
    <main class="signin">
      <section class="card">
        <h1>Bookings admin</h1>
        <p>
          Sign in with your shop's secret token (<code>sk_…</code>). It is exchanged for a session that ends after 12
          hours or when you sign out; this page never keeps the token.
        </p>
        <form onSubmit={submit}>
          <Field label="Secret token" errors={problem ? [problem] : undefined}>
            {({ id, describedBy, invalid }) => (
              <input
                ref={input}
                id={id}
                type="password"
                name="token"
                autocomplete="off"
                spellcheck={false}
                required
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
          <p>
            <button class="primary" type="submit" disabled={busy}>
              Sign in
            </button>
          </p>
          <Status message={busy ? 'Signing in…' : null} />
        </form>
      </section>
    </main>
  );
}
