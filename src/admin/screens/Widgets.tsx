/**
 * Widgets: choose one, change its settings (WidgetForm) with the real storefront widget beside
 * them for one of its products, made afresh after each save; create a widget; delete one
 * (asks first). The preview is loaded from this service and reads and holds through the
 * admin's session (no token on the page): a held preview day is a real hold, released in
 * "Bookings and holds".
 * @module
 */
import { signal, useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { createElement, type JSX } from 'preact';
import type { Widget } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { ConfirmButton, Field, useStatus } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { catalog, loadCatalog, products, widgets } from '../models/catalog.ts';
import { WidgetCreate } from './WidgetCreate.tsx';
import { WidgetForm } from './WidgetForm.tsx';

/**
 * Whether the widget's script failed to load: a service started without `npm run build` serves
 * no widget files, and the preview would otherwise stay empty with nothing said.
 */
const scriptFailed = signal(false);
let scriptAdded = false;
function loadWidgetScript(): void {
  if (scriptAdded) return;
  scriptAdded = true;
  const script = document.createElement('script');
  script.src = '/booking-widget.js';
  script.defer = true;
  script.addEventListener('error', () => (scriptFailed.value = true));
  document.head.append(script);
}

/**
 * The storefront widget for `w`: on its first product that follows it (a product on several
 * widgets follows its oldest, so the preview of a newer one would show another's settings).
 */
function Preview(props: { widget: Widget; version: number }) {
  const w = props.widget;
  const all = widgets.value ?? [];
  const oldestOn = (externalId: number) =>
    all
      .filter((x) => x.external_product_ids.includes(externalId))
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)[0];
  const followed = w.external_product_ids.find((id) => oldestOn(id)?.id === w.id);
  const product = products.value?.find((p) => p.external_id === followed);
  let body: JSX.Element;
  if (scriptFailed.value)
    body = (
      <p class="error" role="alert">
        The widget's files are not served here: run npm run build, then restart the service.
      </p>
    );
  else if (w.external_product_ids.length === 0) body = <p>Place this widget on a product to preview it.</p>;
  else if (!product)
    body = (
      <p>
        Its products follow an older widget they are also on ({oldestOn(w.external_product_ids[0]!)?.title}), so
        shoppers see that one; take them off it to preview this.
      </p>
    );
  else if (!product.variants[0])
    body = <p>{product.title} has no variant yet: add one under Products to preview it.</p>;
  else
    body = createElement('booking-widget', {
      key: `${w.id}-${props.version}`,
      api: location.origin,
      product: String(product.external_id),
      variant: String(product.variants[0].external_id),
      'cart-token': 'admin-preview',
    });
  return (
    <div>
      <h3>Preview{product ? `: ${product.title}` : ''}</h3>
      {body}
    </div>
  );
}

/** The widgets screen. */
export function Widgets() {
  const chosen = useSignal<number | null>(null);
  const creating = useSignal(false);
  const saved = useSignal(0);
  const { message, problem, say } = useStatus();
  const newButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    void loadCatalog();
    loadWidgetScript();
  }, []);
  const list = widgets.value ?? [];
  const w = list.find((x) => x.id === chosen.value) ?? list[0];
  const remove = async (target: Widget) => {
    say(null);
    try {
      await client.widgets.delete(target.id);
      say(`Widget “${target.title}” deleted.`);
      chosen.value = null;
      await loadCatalog();
    } catch (error) {
      say(messageOf(error), true);
    }
  };
  const created = async (made: Widget | null) => {
    creating.value = false;
    if (!made) return newButton.current?.focus();
    await loadCatalog();
    chosen.value = made.id;
  };
  return (
    <section class="card">
      <h2 tabIndex={-1}>Widgets</h2>
      <ScreenStatus message={message} problem={problem} loads={[catalog]} />
      <div class="row">
        {list.length > 0 && (
          <Field label="Widget">
            {({ id }) => (
              <select
                id={id}
                value={w ? String(w.id) : ''}
                onChange={(e) => (chosen.value = Number(e.currentTarget.value))}
              >
                {list.map((x) => (
                  <option key={x.id} value={String(x.id)}>
                    {x.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {!creating.value && (
          <button ref={newButton} type="button" onClick={() => (creating.value = true)}>
            New widget
          </button>
        )}
        {w && (
          <ConfirmButton
            label={`Delete ${w.title}`}
            question={`Delete the widget “${w.title}”? Its products then follow another widget they are on, or none.`}
            confirmLabel={`Yes, delete ${w.title}`}
            onConfirm={() => remove(w)}
          />
        )}
      </div>
      {widgets.value?.length === 0 && <p>No widgets yet: create one for your products.</p>}
      {creating.value && <WidgetCreate say={say} onDone={(made) => void created(made)} />}
      {w && (
        <div class="split">
          <WidgetForm key={w.id} widget={w} say={say} onSaved={() => ((saved.value += 1), void loadCatalog())} />
          <Preview widget={w} version={saved.value} />
        </div>
      )}
    </section>
  );
}
