/**
 * The Shop form's Shopify part (the owner's only): the shop's myshopify domain, the app's client
 * secret (never shown: only whether one is set) and when an order books. Values and errors
 * belong to the Shop form.
 * @module
 */
import type { ShopifyBookOn, ShopRecord } from '../../client/index.ts';
import { Field } from '../components/bits.tsx';
import { Details } from '../components/Details.tsx';
import { when } from '../models/dates.ts';

/** What each choice of `book_on` means for the shopkeeper. */
const BOOK_ON: Record<ShopifyBookOn, string> = {
  'orders/create': 'A booking is made as soon as the shopper places the order.',
  'orders/paid':
    'A booking is made once the order is paid. A hold may end before a late payment: the order is then booked if its places are still free, and otherwise listed below for you to sort out.',
};

/** The webhook topics to subscribe the app to for each choice of `book_on` (README, "Install on Shopify"). */
const TOPICS: Record<ShopifyBookOn, string> = {
  'orders/create': 'Subscribe the app to orders/create, orders/cancelled and carts/update.',
  'orders/paid': 'Subscribe the app to orders/paid, orders/cancelled and carts/update.',
};

type Input = { currentTarget: HTMLInputElement | HTMLSelectElement };

/** The Shopify fields, bound to the Shop form's `domain`, `secret` and `bookOn`. */
export function ShopifyFields(props: {
  form: { domain: string; secret: string; bookOn: ShopifyBookOn };
  set: (key: 'domain' | 'secret' | 'bookOn') => (e: Input) => void;
  errors: Record<string, string[]>;
  shopify: ShopRecord['shopify'];
}) {
  return (
    <>
      <h3>Shopify</h3>
      <Field
        label="Shopify domain"
        hint="The shop's myshopify.com address, e.g. your-store.myshopify.com. Leave empty to disconnect."
        errors={props.errors['shopify.domain']}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            value={props.form.domain}
            onInput={props.set('domain')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            autocomplete="off"
          />
        )}
      </Field>
      <Field
        label="Shopify API secret"
        hint={`The app's client secret: ${props.shopify.api_secret_set ? 'set' : 'not set'}. Type a new one to replace it; it is never shown.${props.shopify.previous_secret_expires_at ? ` The previous secret still works until ${when(props.shopify.previous_secret_expires_at)}: Shopify signs with it for a while after a change.` : ''}`}
        errors={props.errors['shopify.api_secret']}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="password"
            value={props.form.secret}
            onInput={props.set('secret')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            autocomplete="new-password"
          />
        )}
      </Field>
      <Field label="Book when" hint={BOOK_ON[props.form.bookOn]} errors={props.errors['shopify.book_on']}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            value={props.form.bookOn}
            onChange={props.set('bookOn')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          >
            <option value="orders/create">the order is placed</option>
            <option value="orders/paid">the order is paid</option>
          </select>
        )}
      </Field>
      <Details about="about connecting Shopify">
        {TOPICS[props.form.bookOn]} The domain, the client secret and the webhooks are set up as the README's “Install
        on Shopify” says.
      </Details>
    </>
  );
}
