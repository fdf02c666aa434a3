/**
 * A screen's one status line and its alert, for what it loads and what the merchant does: the
 * line says "Loading…" while data is on its way, or the last action's result; the alert says
 * why the last action failed, or why the data could not be loaded, with Retry. An action's own
 * words come first: they answer what the merchant just did.
 * @module
 */
import type { Signal } from '@preact/signals';
import type { Resource } from '../models/resource.ts';

/** What every screen's status reads: a resource of any kind (only its signals and `reload`). */
export type AnyResource = Pick<Resource<unknown, never>, 'loading' | 'error' | 'reload'>;

/** The words of the status line while something loads. */
export const LOADING = 'Loading…';

/** The status line and the alert; both take no room while empty (admin.css). */
export function ScreenStatus(props: {
  message?: Signal<string | null>;
  problem?: Signal<string | null>;
  loads: readonly AnyResource[];
}) {
  const loading = props.loads.some((r) => r.loading.value);
  const failed = props.loads.filter((r) => r.error.value !== null);
  const message = props.message?.value ?? (loading ? LOADING : null);
  // While it loads again the last failure is no longer news; a Retry would start the same load twice.
  const problem = props.problem?.value ?? (loading ? null : (failed[0]?.error.value ?? null));
  const retry = props.problem?.value == null && failed.length > 0 && !loading;
  return (
    <>
      <p class="status" role="status" tabIndex={-1}>
        {message ?? ''}
      </p>
      <p class="status error" role="alert" tabIndex={-1}>
        {problem ?? ''}
        {retry && (
          <>
            {' '}
            <button type="button" onClick={() => failed.forEach((r) => void r.reload())}>
              Retry
            </button>
          </>
        )}
      </p>
    </>
  );
}
