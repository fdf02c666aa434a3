/**
 * Install: the script tag, the CSS that reserves the widget's box and the element for any site,
 * and the Shopify block's settings, filled in with this service's address, a product and one
 * of its variants, an optional price and currency, the page "Check out" leads to off Shopify
 * (and what shoppers read without it), and a publishable token, each with a copy button.
 * Tokens cannot be read back (only hashes are kept): paste one, or make one here for a site.
 * What was typed is kept while the page is open (`install-draft.ts`), so leaving the screen
 * forgets nothing. With no product (or a product with no variant) there is no snippet to copy:
 * the screen says to add one first, with a link to Products.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { isBookingApiError } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { CopyButton, Field } from '../components/bits.tsx';
import { Details } from '../components/Details.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { catalog, ensureCatalog, products } from '../models/catalog.ts';
import { installDraft, updateInstallDraft } from '../models/install-draft.ts';
import { isOwner, screenHref, session } from '../models/session.ts';
import { embedSnippet, priceErrors } from '../models/snippet.ts';

/** The install screen. */
export function Install() {
  const base = session.value?.base_url ?? location.origin;
  const problem = useSignal<string | null>(null);
  // The site a token was just made for (`madeFor`): its button becomes "Make another", so a
  // second click does not silently make a second token with the same label.
  const { token, site, product, variant, price, currency, checkout, madeFor } = installDraft.value;
  const set =
    (key: 'token' | 'site' | 'price' | 'currency' | 'checkout' | 'variant') =>
    (e: { currentTarget: { value: string } }) =>
      updateInstallDraft({ [key]: e.currentTarget.value });
  useEffect(() => void ensureCatalog(), []);
  const p = products.value?.find((x) => String(x.external_id) === product) ?? products.value?.[0];
  // Another product's variant is never kept: a product change starts from its first variant.
  const v = p?.variants.find((x) => String(x.external_id) === variant) ?? p?.variants[0];
  const pk = token.trim() || 'pk_…';
  const bad = priceErrors(price, currency);
  // A value still being fixed stays out of the snippet rather than being copied wrong.
  const tag =
    p && v
      ? embedSnippet({
          base,
          token: pk,
          product: String(p.external_id),
          variant: String(v.external_id),
          price: bad.price ? '' : price,
          currency: bad.currency ? '' : currency,
          checkoutUrl: checkout,
        })
      : null;
  const made = madeFor !== null && madeFor === site.trim();
  const make = async (event: Event) => {
    event.preventDefault();
    problem.value = null;
    const address = site.trim();
    try {
      const token = await client.tokens.create({ kind: 'publishable', label: `Site ${address}`, origins: [address] });
      updateInstallDraft({ token: token.token, madeFor: address });
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
        Put the booking calendar on your site: choose what it books, copy the code below and paste it into your page (or
        send it to whoever builds your site).
      </p>
      <ScreenStatus problem={problem} loads={[catalog]} />
      {products.value?.length === 0 && (
        <p class="notice">
          Add a product first: the calendar books one of your products.{' '}
          <a href={screenHref('products')}>Go to Products</a>
        </p>
      )}
      {p && !v && (
        <p class="notice">
          Add a variant to {p.title} first: the calendar books one of its variants.{' '}
          <a href={screenHref('products')}>Go to Products</a>
        </p>
      )}
      {p && (
        <div class="row">
          <Field label="Product">
            {({ id }) => (
              <select
                id={id}
                value={String(p.external_id)}
                onChange={(e) => updateInstallDraft({ product: e.currentTarget.value, variant: '' })}
              >
                {products.value?.map((x) => (
                  <option key={x.id} value={String(x.external_id)}>
                    {x.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {v && (
            <Field label="Variant" hint="The one the calendar opens with.">
              {({ id, describedBy }) => (
                <select id={id} value={String(v.external_id)} onChange={set('variant')} aria-describedby={describedBy}>
                  {p.variants.map((x) => (
                    <option key={x.id} value={String(x.external_id)}>
                      {x.title}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </div>
      )}
      <div class="row">
        <Field
          label="Price (optional)"
          hint="The variant's price, e.g. 65.00. With a currency too, shoppers see what their booking comes to."
          errors={bad.price}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="decimal"
              value={price}
              onInput={set('price')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <Field
          label="Currency (optional)"
          hint="Three letters, e.g. AUD. Totals are shown only with a price and a currency."
          errors={bad.currency}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              value={currency}
              maxLength={3}
              onInput={set('currency')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              autocomplete="off"
            />
          )}
        </Field>
      </div>
      <Field
        label="Checkout page (any site, optional)"
        hint="Where shoppers go to pay once they have held their dates, e.g. /cart or https://www.your-store.com/checkout. Not needed on Shopify: there it is the cart."
      >
        {({ id, describedBy }) => (
          <input
            id={id}
            value={checkout}
            placeholder="/cart"
            onInput={set('checkout')}
            aria-describedby={describedBy}
            spellcheck={false}
          />
        )}
      </Field>
      <Field
        label="Publishable token"
        hint="The key that lets your site show the calendar. Paste the one you saved when it was made, or make one for your site below: for your safety a token is shown only once."
      >
        {({ id, describedBy }) => (
          <input
            id={id}
            value={token}
            placeholder="pk_…"
            onInput={set('token')}
            aria-describedby={describedBy}
            spellcheck={false}
          />
        )}
      </Field>
      <Details about="about tokens">
        This service keeps only a fingerprint (a hash) of each token, never the token itself, so it cannot show you a
        token again once it has been made. Tokens you already use keep working when you make another.
      </Details>
      {/* Tokens are the owner's (the service refuses staff: 403): staff paste one the owner made. */}
      {isOwner() ? (
        <form onSubmit={make} aria-label="Make a publishable token for a site">
          <Field label="Your site's address" hint="e.g. https://www.your-store.com">
            {({ id, describedBy }) => (
              <input id={id} type="url" required value={site} onInput={set('site')} aria-describedby={describedBy} />
            )}
          </Field>
          <p>
            <button type="submit">
              {made ? 'Make another token for this site' : 'Make a publishable token for this site'}
            </button>
          </p>
        </form>
      ) : (
        <p class="hint">Only the shop's owner can make tokens: ask them for one, and paste it above.</p>
      )}
      <p class={made ? 'status token-once' : 'status'} role="status">
        {made &&
          `A token for ${madeFor} was made and is in the code below: copy it now, it cannot be shown again. “Make another” adds a second token; the first keeps working until you revoke it under Tokens.`}
      </p>
      {tag && <Snippet tag={tag} checkout={checkout} />}
      <h3>Shopify: the “Booking calendar” block's settings</h3>
      <p>In your theme editor, add the “Booking calendar” block to the product page and fill in:</p>
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
      <Details about="about Shopify's app proxy">
        With Shopify's app proxy set up, leave the token empty: see the README's “Install on Shopify”.
      </Details>
    </section>
  );
}

/** The code for any site, with its copy button and, under Details, what a developer may wire up. */
function Snippet(props: { tag: string; checkout: string }) {
  const withCheckout = props.checkout.trim() !== '';
  return (
    <>
      <h3>Any site: the code to paste</h3>
      <pre class="snippet" role="group" aria-label="Embed snippet">
        {props.tag}
      </pre>
      <CopyButton text={props.tag} label="Copy the snippet" />
      <p class="hint" data-next-step>
        {withCheckout
          ? 'After a hold, Check out leads to your checkout page.'
          : 'No checkout page given: after a hold, shoppers read “Not booked yet: this page has no checkout. To book, contact the shop before your hold ends.” Give your checkout page above, or ask your web developer to put the held dates in your own cart (see Details).'}
      </p>
      <Details about="for your web developer">
        <p>
          When the shopper picks another variant, your theme tells the widget:{' '}
          <code>widget.setAttribute('variant', '&lt;variant id&gt;')</code> (and <code>price</code> likewise); it
          updates in place.
        </p>
        {!withCheckout && (
          <p data-own-cart>
            To take the hold into your own cart, listen for <code>booking-widget:reserved</code> (its{' '}
            <code>detail</code> is the hold), add the item to your cart and call <code>event.preventDefault()</code> so
            the widget leaves the next step to your page; take it out on <code>booking-widget:released</code> and{' '}
            <code>booking-widget:expired</code>.
          </p>
        )}
      </Details>
    </>
  );
}
