/**
 * A customer's own cancellation on the booking's page: when they cancelled with their link,
 * and, for a Shopify order's booking, the refund the shop owes until someone marks it made
 * (after refunding the order in Shopify, which this service does not do for them).
 * @module
 */
import type { Booking } from '../../client/index.ts';
import { SHOPIFY_ORDER_FIELD } from '../../shared/records.ts';
import { client, messageOf } from '../api.ts';
import type { Say } from '../components/bits.tsx';
import { when } from '../models/dates.ts';

/** The Shopify order the booking came from, when its answers name it. */
function orderOf(b: Booking): string | undefined {
  return b.fields.find((f) => f.name === SHOPIFY_ORDER_FIELD)?.value || undefined;
}

/** The customer's cancellation and the refund it left, if any; nothing otherwise. */
export function BookingRefund(props: { booking: Booking; say: Say; marked: () => void }) {
  const b = props.booking;
  if (!b.cancelled_by_customer_at) return null;
  const order = orderOf(b);
  const mark = async () => {
    props.say(null);
    try {
      await client.bookings.markRefunded(b.id);
      props.say(`Refund of booking #${b.id} marked as made.`);
      props.marked();
    } catch (error) {
      props.say(messageOf(error), true);
    }
  };
  return (
    <div class={b.refund_due ? 'notice warn' : 'notice'}>
      <p>The customer cancelled this booking with their link on {when(b.cancelled_by_customer_at)}.</p>
      {b.refund_due && (
        <>
          <p>
            <strong>Refund due:</strong> refund {order ? `order ${order}` : 'its order'} in Shopify, then mark it here
            so everyone knows it is done.
          </p>
          <p>
            <button type="button" onClick={mark}>
              Mark as refunded
            </button>
          </p>
        </>
      )}
      {b.refunded_at && <p>Refund marked as made on {when(b.refunded_at)}.</p>}
    </div>
  );
}
