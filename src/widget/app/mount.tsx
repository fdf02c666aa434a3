/**
 * The app file: Preact renders the widget into the element's shadow root, with its state in
 * @preact/signals models built over what the entry file prepared (`Host`). Loaded by the entry
 * in parallel with the first wave of requests.
 * @module
 */
import { render } from 'preact';
import { signal } from '@preact/signals';
import type { AppHandle, Host } from '../boot/host.ts';
import { App } from '../components/App.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { ViewModel } from '../models/view-model.ts';

/** Renders the widget for one element; the handle follows attribute changes and unmounts. */
export function mount(host: Host): AppHandle {
  const { root, config: initial, ...deps } = host;
  const config = signal(initial);
  const vm = new ViewModel({ ...deps, config });
  let onRendered!: () => void;
  const rendered = new Promise<void>((resolve) => (onRendered = resolve));
  render(<ErrorBoundary vm={vm} emit={host.emit}><App vm={vm} onRendered={onRendered} /></ErrorBoundary>, root);
  return {
    rendered,
    update: (next) => (config.value = next),
    unmount() {
      render(null, root);
      vm[Symbol.dispose]();
    },
  };
}
