/**
 * Tokens: the shop's tokens by hint, a new publishable token for a site's origins, a new secret
 * token shown once (with a copy button), and revoking (two steps). People sign in with their
 * own accounts (Staff), so revoking a token signs no one out of the admin. Only the owner sees it.
 * Once a token is made the form is emptied, so a second click on Create makes no duplicate.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { NewToken, TokenRecord } from '../../client/index.ts';
import { client, messageOf, problemOf } from '../api.ts';
import { ConfirmButton, CopyButton, Field, useStatus } from '../components/bits.tsx';
import { Details } from '../components/Details.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { useResource } from '../models/use-resource.ts';

/** What revoking `t` stops, said before it is done. */
function revokeQuestion(t: TokenRecord): string {
  if (t.kind === 'secret')
    return `Revoke ${t.hint}? Software using it stops working at once. No one is signed out of this admin.`;
  return `Revoke ${t.hint}? Sites using it can no longer show the calendar or hold dates.`;
}

/**
 * The sites typed one a line (commas also part them), blank lines skipped, each with its line
 * number so an error can name the line the merchant wrote.
 */
export function sitesOf(text: string): { site: string; line: number }[] {
  return text
    .split('\n')
    .flatMap((row, i) => row.split(',').map((site) => ({ site: site.trim(), line: i + 1 })))
    .filter((s) => s.site);
}

/** Whether `site` reads as a web address (http or https); the service checks the rest. */
function isWebAddress(site: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(site).protocol);
  } catch {
    return false;
  }
}

/** The tokens screen. */
export function Tokens() {
  const tokens = useResource(
    () => undefined,
    (_, signal) => client.tokens.list({ signal }),
  );
  const made = useSignal<NewToken | null>(null);
  const kind = useSignal<'publishable' | 'secret'>('publishable');
  const label = useSignal('');
  const origins = useSignal('');
  const errors = useSignal<Record<string, string[]>>({});
  const { message, problem, say } = useStatus();
  const create = async (event: Event) => {
    event.preventDefault();
    say(null);
    const sites = kind.value === 'publishable' ? sitesOf(origins.value) : [];
    const bad = sites
      .filter((s) => !isWebAddress(s.site))
      .map((s) => `Line ${s.line}: not a web address (like https://www.your-store.com)`);
    errors.value = bad.length ? { origins: bad } : {};
    if (bad.length) {
      say('Not made: fix the fields marked below.', true);
      return;
    }
    try {
      made.value = await client.tokens.create({
        kind: kind.value,
        label: label.value.trim() || null,
        ...(kind.value === 'publishable' && { origins: sites.map((s) => s.site) }),
      });
      say(`A new ${kind.value} token was made: copy it now, it is shown only once.`);
      // Emptied: the next click on Create makes a new token on purpose, not this one again.
      label.value = '';
      origins.value = '';
      await tokens.reload();
    } catch (error) {
      const failed = problemOf(error, { kind: 'Kind', label: 'Label', origins: 'Sites that may use it' }, 'Not made');
      // The service names a site by its place in the list (its only complaint about one: not a
      // bare origin): say the line it was typed on, in words.
      errors.value = Object.fromEntries(
        Object.entries(failed.fields).map(([path, list]) => {
          const at = /^origins\[(\d+)\]$/.exec(path);
          return at
            ? [
                path,
                list.map(
                  () =>
                    `Line ${sites[Number(at[1])]?.line ?? '?'}: only the site's address, like https://www.your-store.com (no page after it)`,
                ),
              ]
            : [path, list];
        }),
      );
      say(failed.message, true);
    }
  };
  const revoke = async (t: TokenRecord) => {
    say(null);
    try {
      await client.tokens.revoke(t.id);
      say(`Token ${t.hint ?? t.id} revoked.`);
      await tokens.reload();
    } catch (error) {
      say(messageOf(error), true);
    }
  };
  const originErrors = Object.entries(errors.value)
    .filter(([k]) => k.startsWith('origins'))
    .flatMap(([, v]) => v);
  return (
    <section class="card">
      <h2 tabIndex={-1}>Tokens</h2>
      <p>
        Tokens are the keys that let your website show the booking calendar (publishable tokens) and let your own
        software work with your bookings (secret tokens). Each is shown once, when it is made.
      </p>
      <Details about="about tokens">
        Only a fingerprint (a hash) of each token is kept, so it cannot be shown again: a token is listed by its first
        and last letters. A publishable token (<code>pk_…</code>) may be used only from the sites listed with it, to
        read availability and hold dates; a secret token (<code>sk_…</code>) can do everything the API can, including
        signing in to this admin. Revoking one stops it at once.
      </Details>
      <ScreenStatus message={message} problem={problem} loads={[tokens]} />
      {made.value && (
        <div class="token-once">
          <p>
            <strong>{made.value.kind === 'secret' ? 'Secret token' : 'Publishable token'}</strong> (shown once):
          </p>
          <p>
            <code>{made.value.token}</code>
          </p>
          <CopyButton text={made.value.token} label="Copy the new token" />
          <button type="button" onClick={() => (made.value = null)}>
            I have copied it
          </button>
        </div>
      )}
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Tokens">
        <table class="stack">
          <thead>
            <tr>
              <th scope="col">Token</th>
              <th scope="col">Kind</th>
              <th scope="col">Label</th>
              <th scope="col">Sites</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.value?.map((t) => (
              <tr key={t.id}>
                <th scope="row">
                  <code>{t.hint ?? `#${t.id}`}</code>
                </th>
                <td data-label="Kind">{t.kind === 'secret' ? 'Secret' : 'Publishable'}</td>
                <td data-label="Label">{t.label ?? ''}</td>
                <td data-label="Sites">
                  {t.kind === 'publishable'
                    ? t.origins.join(', ') || 'only the pages of this service'
                    : 'never in a web page'}
                </td>
                <td class="actions">
                  <ConfirmButton
                    label={`Revoke ${t.hint}`}
                    question={revokeQuestion(t)}
                    confirmLabel={`Yes, revoke ${t.hint}`}
                    onConfirm={() => revoke(t)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form onSubmit={create} aria-label="Create a token">
        <h3>Create a token</h3>
        <Field label="Kind">
          {({ id }) => (
            <select
              id={id}
              value={kind.value}
              onChange={(e) => (kind.value = e.currentTarget.value as 'publishable' | 'secret')}
            >
              <option value="publishable">Publishable: for your website</option>
              <option value="secret">Secret: for your own software, never a web page</option>
            </select>
          )}
        </Field>
        <Field label="Label" hint="Your own name for it, e.g. “Main website”." errors={errors.value.label}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={label.value}
              onInput={(e) => (label.value = e.currentTarget.value)}
            />
          )}
        </Field>
        {kind.value === 'publishable' && (
          <Field
            label="Sites that may use it"
            hint="The addresses of the sites that show the calendar, one per line, e.g. https://your-store.myshopify.com"
            errors={originErrors.length ? originErrors : undefined}
          >
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                rows={3}
                value={origins.value}
                onInput={(e) => (origins.value = e.currentTarget.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
        )}
        <p>
          <button class="primary" type="submit">
            Create token
          </button>
        </p>
      </form>
    </section>
  );
}
