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
import { type View, ViewModel } from '../models/view-model.ts';

/** Renders the widget for one element; the handle follows attribute changes and unmounts. */
export function mount(host: Host): AppHandle {
  const { root, config: initial, ...deps } = host;
  const config = signal(initial);
  let onRendered!: () => void;
  const rendered = new Promise<void>((resolve) => (onRendered = resolve));
  let vm: View | undefined;
  let attempt = 0;
  /**
   * Builds the models and renders them; again, from fresh models, when the shopper retries
   * after a rendering error (a computed that threw keeps its error until its inputs change).
   */
  const start = () => {
    vm?.[Symbol.dispose]();
    vm = new ViewModel({ ...deps, config });
    render(<App attempt={attempt++} vm={vm} emit={host.emit} retry={start} onRendered={onRendered} />, root);
  };
  start();
  return {
    rendered,
    update: (next) => (config.value = next),
    unmount() {
      render(null, root);
      vm?.[Symbol.dispose]();
    },
  };
}
