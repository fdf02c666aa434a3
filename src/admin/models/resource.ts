/**
 * Data a screen loads from the service, as signals: the last answer, whether a load is under
 * way and why the last one failed, in the merchant's words. A new load aborts the one under way
 * (its `AbortSignal` goes to the client call), and an answer that is not the newest load's is
 * dropped even if it arrives, so a slow old answer never stands over a newer one.
 * @module
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import { messageOf } from '../problems.ts';

/** What a screen loads and shows; `K` is what the load depends on (a search, a page). */
export interface Resource<T, K = void> {
  /** The newest answer, kept while the next one loads; undefined before the first. */
  readonly data: ReadonlySignal<T | undefined>;
  /** Whether a load is under way. */
  readonly loading: ReadonlySignal<boolean>;
  /** Why the last load failed, for the merchant (never a URL or a status code); null when it did not. */
  readonly error: ReadonlySignal<string | null>;
  /** Loads for `key`, aborting any load under way; resolves once this load is done or dropped (never rejects). */
  load(key: K): Promise<void>;
  /** Loads again for the last key (after a change, or the Retry of a failed load). */
  reload(): Promise<void>;
  /** Loads for `key` unless there is an answer or a load under way: for data several screens share. */
  ensure(key: K): Promise<void>;
  /** Aborts a load under way and forgets the answer (the screen is gone, or another shop signed in). */
  reset(): void;
}

/**
 * A resource whose answers come from `fetch(key, signal)`; `fetch` must pass `signal` to the
 * client call so an abandoned request is cancelled, not merely ignored.
 *
 * @example
 * ```ts
 * const tokens = createResource((_: void, signal) => client.tokens.list({ signal }));
 * void tokens.load();
 * ```
 */
export function createResource<T, K = void>(fetch: (key: K, signal: AbortSignal) => Promise<T>): Resource<T, K> {
  const data = signal<T | undefined>(undefined);
  const loading = signal(false);
  const error = signal<string | null>(null);
  let current: AbortController | undefined;
  let running: Promise<void> | undefined;
  let lastKey: { key: K } | undefined;
  const load = (key: K): Promise<void> => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    lastKey = { key };
    loading.value = true;
    const done = fetch(key, controller.signal).then(
      (answer) => {
        if (current !== controller) return;
        data.value = answer;
        error.value = null;
      },
      (failure: unknown) => {
        if (current !== controller) return;
        error.value = messageOf(failure);
      },
    );
    running = done.finally(() => {
      if (current !== controller) return;
      current = undefined;
      loading.value = false;
    });
    return running;
  };
  return {
    data,
    loading,
    error,
    load,
    reload: () => (lastKey ? load(lastKey.key) : Promise.resolve()),
    ensure: (key) => (running && loading.peek() ? running : data.peek() === undefined ? load(key) : Promise.resolve()),
    reset() {
      current?.abort();
      current = undefined;
      lastKey = undefined;
      data.value = undefined;
      loading.value = false;
      error.value = null;
    },
  };
}
