/**
 * The resource of a screen, for its component: loaded when the screen opens, again whenever
 * what it depends on changes (the previous request aborted), and aborted when the screen goes.
 * And a debounced copy of a signal, so a search asks once the merchant pauses, not per key.
 * @module
 */
import { untracked, useSignal, useSignalEffect, type ReadonlySignal, type Signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { createResource, type Resource } from './resource.ts';

/**
 * A resource for this component. `key` is read in an effect: each signal it reads starts a new
 * load when it changes (the one under way is aborted). `fetch` is not tracked.
 *
 * @example
 * ```tsx
 * const occupancy = useResource(() => start.value, (from, signal) => client.occupancy.list({ start: from, finish: addDays(from, 14) }, { signal }));
 * ```
 */
export function useResource<T, K>(key: () => K, fetch: (key: K, signal: AbortSignal) => Promise<T>): Resource<T, K> {
  const resource = useMemo(() => createResource(fetch), []);
  useSignalEffect(() => {
    const k = key();
    untracked(() => void resource.load(k));
  });
  useEffect(() => () => resource.reset(), []);
  return resource;
}

/** How long a search waits after the last key pressed before it asks: about a pause between words. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * `source`'s value once it has stood still for `ms`; `now()` takes it at once (the merchant
 * pressed Enter, or changed a filter that should not wait).
 */
export function useDebounced<T>(
  source: Signal<T>,
  ms = SEARCH_DEBOUNCE_MS,
): { value: ReadonlySignal<T>; now: () => void } {
  const settled = useSignal(source.peek());
  useSignalEffect(() => {
    const value = source.value;
    if (Object.is(value, settled.peek())) return;
    const timer = setTimeout(() => (settled.value = value), ms);
    return () => clearTimeout(timer);
  });
  return { value: settled, now: () => (settled.value = source.peek()) };
}
