/**
 * Shop: the shop's name, time zone, language, until when customers may cancel online (their
 * manage link), and Shopify settings (its myshopify domain, the
 * app's API secret, write-only: shown as set or not set, with Remove and until when the secret
 * it replaced still works; and the order topic that books, with the topics to subscribe), the
 * Shopify order lines to check (ShopifyConflicts), and its locations
 * (ShopLocations). Everything a fixture file used to hold, through PUT /v1/shop and
 * /v1/locations.
 * @module
 */
import { untracked, useSignal, useSignalEffect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { ShopifyBookOn, ShopRecord, ShopUpdateParams } from '../../client/index.ts';
import { client, problemOf } from '../api.ts';
import { ConfirmButton, Field, useStatus } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { catalog, loadCatalog } from '../models/catalog.ts';
import { useResource } from '../models/use-resource.ts';
import { isOwner, session } from '../models/session.ts';
import { CalendarFeeds } from './CalendarFeeds.tsx';
import { CustomerEmailFields } from './CustomerEmailFields.tsx';
import { ShopifyFields } from './ShopifyFields.tsx';
import { ShopLocations } from './ShopLocations.tsx';
import { ShopifyConflicts } from './ShopifyConflicts.tsx';

const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** The shop form's labels by API field, for messages in the merchant's words. */
const SHOP_LABELS = {
  name: 'Shop name',
  tz: 'Time zone',
  locale: 'Language',
  cancel_cutoff_hours: 'Customers may cancel online until',
  reminder_hours: 'Reminder to customers',
  'shopify.domain': 'Shopify domain',
  'shopify.api_secret': 'Shopify API secret',
  'shopify.book_on': 'Book when',
};

/**
 * Connecting to Shopify needs the domain and the secret together, but the service checks a
 * domain's form before it looks for the secret: a bad domain sent alone is answered with the
 * domain's error only. The merchant would fix the domain and only then learn of the secret, so
 * the secret's field says it at once when the shop has none and none was typed.
 */
const SECRET_NEEDED = 'is needed too: connecting to Shopify takes the domain and the secret together';

/** The shop screen. */
export function Shop() {
  const shop = useSignal<ShopRecord | undefined>(undefined);
  const form = useSignal({
    name: '',
    tz: '',
    locale: '',
    reminder: '',
    domain: '',
    secret: '',
    bookOn: 'orders/create' as ShopifyBookOn,
    cutoff: '',
  });
  const errors = useSignal<Record<string, string[]>>({});
  /** Saving with the Shopify domain emptied is asked first (it disconnects); "Yes" then takes the focus. */
  const disconnecting = useSignal(false);
  const yesDisconnect = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (disconnecting.value) yesDisconnect.current?.focus();
  }, [disconnecting.value]);
  const { message, problem, say } = useStatus();
  const show = (s: ShopRecord) => {
    shop.value = s;
    form.value = {
      name: s.name,
      tz: s.tz,
      locale: s.locale,
      reminder: s.reminder_hours === null ? '' : String(s.reminder_hours),
      domain: s.shopify.domain ?? '',
      secret: '',
      bookOn: s.shopify.book_on ?? 'orders/create',
      cutoff: s.cancel_cutoff_hours === null ? '' : String(s.cancel_cutoff_hours),
    };
    if (session.value) session.value = { ...session.value, shop: { name: s.name, tz: s.tz, locale: s.locale } };
  };
  const loaded = useResource(
    () => undefined,
    (_, signal) => client.shop.retrieve({ signal }),
  );
  // The form starts from each answer loaded; a save shows what the service saved (`show` below).
  useSignalEffect(() => {
    const s = loaded.data.value;
    // Untracked: `show` reads and writes the session, which must not load the shop again.
    if (s) untracked(() => show(s));
  });
  // Only for a shop connected to Shopify: its order lines to check.
  const conflicts = useResource(
    () => shop.value?.shopify.api_secret_set === true,
    (connected, signal) => (connected ? client.shopify.conflicts({ per: 50 }, { signal }) : Promise.resolve([])),
  );
  // The locations (ShopLocations) are the catalogue's.
  useEffect(() => void loadCatalog(), []);
  // A 422's field messages go beside the shop form's fields, named by its labels. A new action
  // empties what the last one said first. `secretNeeded`: see SECRET_NEEDED.
  const act = async (what: () => Promise<unknown>, done: string, secretNeeded = false) => {
    say(null);
    try {
      await what();
      errors.value = {};
      say(done);
    } catch (error) {
      const failed = problemOf(error, SHOP_LABELS);
      const fields = { ...failed.fields };
      if (secretNeeded && fields['shopify.domain'] && !fields['shopify.api_secret'])
        fields['shopify.api_secret'] = [SECRET_NEEDED];
      errors.value = fields;
      say(failed.message, true);
    }
  };
  const save = (event: Event) => {
    event.preventDefault();
    const f = form.value;
    const cutoff = f.cutoff.trim();
    const params: ShopUpdateParams = {
      name: f.name,
      tz: f.tz,
      locale: f.locale,
      cancel_cutoff_hours: cutoff === '' ? null : Number(cutoff),
    };
    if (f.reminder !== String(shop.value?.reminder_hours ?? ''))
      params.reminder_hours = f.reminder === '' ? null : Number(f.reminder);
    const domain = f.domain.trim();
    if (domain !== (shop.value?.shopify.domain ?? '') || f.secret)
      params.shopify = { ...(domain && { domain }), ...(f.secret && { api_secret: f.secret }) };
    // The topic is a setting of a connected shop: sent only with a domain.
    if (domain && f.bookOn !== (shop.value?.shopify.book_on ?? 'orders/create'))
      params.shopify = { ...params.shopify, book_on: f.bookOn };
    if (!domain && !f.secret && shop.value?.shopify.domain) {
      // Emptying the domain disconnects the shop: asked first, as every destructive action is.
      if (!disconnecting.value) {
        disconnecting.value = true;
        return;
      }
      params.shopify = null;
    }
    disconnecting.value = false;
    const secretNeeded = Boolean(domain) && !f.secret && !shop.value?.shopify.api_secret_set;
    return act(async () => show(await client.shop.update(params)), 'Shop settings saved.', secretNeeded);
  };
  const removeSecret = () =>
    act(
      async () => show(await client.shop.update({ shopify: null })),
      'The API secret was removed: the shop is no longer connected to Shopify.',
    );
  const set = (key: keyof typeof form.value) => (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
    (form.value = { ...form.value, [key]: e.currentTarget.value });
  const f = form.value;
  const zones = f.tz && !ZONES.includes(f.tz) ? [f.tz, ...ZONES] : ZONES;
  return (
    <section class="card">
      <h2 tabIndex={-1}>Shop</h2>
      <ScreenStatus message={message} problem={problem} loads={[loaded, conflicts, catalog]} />
      {shop.value && (
        <form onSubmit={save} aria-label="Shop settings">
          <Field label="Shop name" errors={errors.value.name}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                value={f.name}
                onInput={set('name')}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                required
              />
            )}
          </Field>
          <Field
            label="Time zone"
            hint="Where your shop is: each booking's days and “today” follow its clock. A change keeps every booking at the same moment."
            errors={errors.value.tz}
          >
            {({ id, describedBy, invalid }) => (
              <select id={id} value={f.tz} onChange={set('tz')} aria-describedby={describedBy} aria-invalid={invalid}>
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label="Language"
            hint="The calendar's language for shoppers, e.g. en for English, de for German, fr for French (a widget may have its own)."
            errors={errors.value.locale}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                value={f.locale}
                onInput={set('locale')}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
          <CustomerEmailFields form={f} set={set} errors={errors.value} />
          {/* The Shopify settings are the owner's (the service refuses staff: 403). */}
          {isOwner() && <ShopifyFields form={f} set={set} errors={errors.value} shopify={shop.value.shopify} />}
          <p class="row">
            <button class="primary" type="submit">
              Save shop settings
            </button>
            {disconnecting.value && (
              <span class="row" role="group" aria-label="Disconnect from Shopify?">
                <span>
                  Save with no Shopify domain? The shop is disconnected from Shopify: its orders no longer book.
                </span>
                <button ref={yesDisconnect} type="submit" class="danger">
                  Yes, save and disconnect
                </button>
                <button
                  type="button"
                  onClick={() => (
                    (disconnecting.value = false),
                    (form.value = { ...form.value, domain: shop.value?.shopify.domain ?? '' })
                  )}
                >
                  Keep it
                </button>
              </span>
            )}
            {isOwner() && shop.value.shopify.api_secret_set && (
              <ConfirmButton
                label="Remove the API secret"
                question="Remove the API secret? The shop is disconnected from Shopify: its orders no longer book."
                confirmLabel="Yes, remove the API secret"
                onConfirm={removeSecret}
              />
            )}
          </p>
        </form>
      )}
      {shop.value?.shopify.api_secret_set && <ShopifyConflicts list={conflicts.data.value} />}
      <ShopLocations say={say} />
      <CalendarFeeds say={say} />
    </section>
  );
}
