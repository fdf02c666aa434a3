/**
 * Install: the script tag, the CSS that reserves the widget's box and the element for any site,
 * and the Shopify block's settings, filled in with this service's address, a product and one
 * of its variants, an optional price and currency, the page "Check out" leads to off Shopify
 * (and what shoppers read without it), and a publishable token, each with a copy button.
 * Tokens cannot be read back (only hashes are kept): paste one, or make one here for a site.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { isBookingApiError } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { CopyButton, Field } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { catalog, ensureCatalog, products } from '../models/catalog.ts';
import { session } from '../models/session.ts';
import { embedSnippet, priceErrors } from '../models/snippet.ts';

/** The install screen. */
export function Install() {
  const base = session.value?.base_url ?? location.origin;
  const token = useSignal('');
  const site = useSignal('');
  const product = useSignal('');
  const variant = useSignal('');
  const price = useSignal('');
  const currency = useSignal('');
  const checkout = useSignal('');
  const problem = useSignal<string | null>(null);
  // The site a token was just made for: its button becomes "Make another", so a second click
  // does not silently make a second token with the same label.
  const madeFor = useSignal<string | null>(null);
  useEffect(() => void ensureCatalog(), []);
  const p = products.value?.find((x) => String(x.external_id) === product.value) ?? products.value?.[0];
  // Another product's variant is never kept: a product change starts from its first variant.
  const v = p?.variants.find((x) => String(x.external_id) === variant.value) ?? p?.variants[0];
  const pk = token.value.trim() || 'pk_…';
  const bad = priceErrors(price.value, currency.value);
  // A value still being fixed stays out of the snippet rather than being copied wrong.
  const tag = embedSnippet({
    base,
    token: pk,
    product: String(p?.external_id ?? '…'),
    variant: String(v?.external_id ?? '…'),
    price: bad.price ? '' : price.value,
    currency: bad.currency ? '' : currency.value,
    checkoutUrl: checkout.value,
  });
  const make = async (event: Event) => {
    event.preventDefault();
    problem.value = null;
    const address = site.value.trim();
    try {
      const made = await client.tokens.create({ kind: 'publishable', label: `Site ${address}`, origins: [address] });
      token.value = made.token;
      madeFor.value = address;
    } catch (error) {
      // The service's only complaint about a site is that it is not a bare origin.
      problem.value =
        isBookingApiError(error) && error.status === 422
          ? "Not made: enter the site's address only, like https://www.your-store.com (no page after it)."
          : `Not made: ${messageOf(error)}`;
    }
  };
  return (
    <section class="card">
      <h2 tabIndex={-1}>Install</h2>
      <p>
        This service keeps only a fingerprint (a hash) of each token, never the token itself, so it cannot show you a
        token again once it has been made. Paste the publishable token you saved when it was made, or make a new one for
        your site below: tokens you already use keep working.
      </p>
      <div class="row">
        <Field label="Product">
          {({ id }) => (
            <select
              id={id}
              value={p ? String(p.external_id) : ''}
              onChange={(e) => ((product.value = e.currentTarget.value), (variant.value = ''))}
            >
              {products.value?.map((x) => (
                <option key={x.id} value={String(x.external_id)}>
                  {x.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Variant" hint="The one the widget opens with.">
          {({ id, describedBy }) => (
            <select
              id={id}
              value={v ? String(v.external_id) : ''}
              onChange={(e) => (variant.value = e.currentTarget.value)}
              aria-describedby={describedBy}
            >
              {p?.variants.map((x) => (
                <option key={x.id} value={String(x.external_id)}>
                  {x.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div class="row">
        <Field
          label="Price (optional)"
          hint="The variant's price, e.g. 65.00: with a currency, the widget shows what a booking comes to."
          errors={bad.price}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="decimal"
              value={price.value}
              onInput={(e) => (price.value = e.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <Field
          label="Currency (optional)"
          hint="Its three-letter code, e.g. AUD: the widget shows totals only with both."
          errors={bad.currency}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              value={currency.value}
              maxLength={3}
              onInput={(e) => (currency.value = e.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              autocomplete="off"
            />
          )}
        </Field>
      </div>
      <div class="row">
        <Field
          label="Checkout page (any site, optional)"
          hint="Where the hold's Check out button leads, e.g. /cart or https://www.your-store.com/checkout: the page where the shopper pays for the held dates. Not needed on Shopify (the cart)."
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              value={checkout.value}
              placeholder="/cart"
              onInput={(e) => (checkout.value = e.currentTarget.value)}
              aria-describedby={describedBy}
              spellcheck={false}
            />
          )}
        </Field>
      </div>
      <div class="row">
        <Field
          label="Publishable token"
          hint="Paste the one you saved (it cannot be shown again), or make one for your site below."
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              value={token.value}
              placeholder="pk_…"
              onInput={(e) => (token.value = e.currentTarget.value)}
              aria-describedby={describedBy}
              spellcheck={false}
            />
          )}
        </Field>
      </div>
      <form class="row" onSubmit={make} aria-label="Make a publishable token for a site">
        <Field label="Your site's address" hint="e.g. https://www.your-store.com">
          {({ id, describedBy }) => (
            <input
              id={id}
              type="url"
              required
              value={site.value}
              onInput={(e) => (site.value = e.currentTarget.value)}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        {madeFor.value === site.value.trim() ? (
          <button type="submit">Make another token for this site</button>
        ) : (
          <button type="submit">Make a publishable token for this site</button>
        )}
      </form>
      <p class={madeFor.value === site.value.trim() ? 'status token-once' : 'status'} role="status">
        {madeFor.value === site.value.trim() &&
          `A token for ${madeFor.value} was made and is in the snippet below: copy it now, it cannot be shown again. “Make another” adds a second token; the first keeps working until you revoke it under Tokens.`}
      </p>
      <ScreenStatus problem={problem} loads={[catalog]} />
      <h3>Any site: a script tag and an element</h3>
      <pre class="snippet" role="group" aria-label="Embed snippet">
        {tag}
      </pre>
      <CopyButton text={tag} label="Copy the snippet" />
      <p class="hint">
        When the shopper picks another variant, your theme tells the widget:{' '}
        <code>widget.setAttribute('variant', '&lt;variant id&gt;')</code> (and <code>price</code> likewise); it updates
        in place.
      </p>
      <p class="hint" data-next-step>
        {checkout.value.trim()
          ? 'After a hold, Check out leads to your checkout page.'
          : 'No checkout page given: after a hold, shoppers read “Not booked yet: this page has no checkout. To book, contact the shop before your hold ends.” Give your checkout page above, or put the held dates in your own cart:'}{' '}
        {!checkout.value.trim() && (
          <>
            listen for <code>booking-widget:reserved</code> (its <code>detail</code> is the hold), add the item to your
            cart and call <code>event.preventDefault()</code> so the widget leaves the next step to your page; take it
            out on <code>booking-widget:released</code> and <code>booking-widget:expired</code>.
          </>
        )}
      </p>
      <h3>Shopify: the “Booking calendar” block's settings</h3>
      <dl>
        <dt>Booking service URL</dt>
        <dd>
          <code>{base}</code> <CopyButton text={base} label="Copy the service URL" />
        </dd>
        <dt>Publishable token</dt>
        <dd>
          <code>{pk}</code> <CopyButton text={pk} label="Copy the token" />
        </dd>
      </dl>
      <p class="hint">With Shopify's app proxy set up, leave the token empty: see the README's “Install on Shopify”.</p>
    </section>
  );
}
