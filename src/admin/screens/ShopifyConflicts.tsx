/**
 * The Shopify order lines to check (GET /v1/shopify/conflicts, loaded by the Shop screen), under the
 * Shopify settings: lines that booked nothing (they paid for less than their hold, or its units
 * were taken) and lines booked although they paid for more. Each says what was held and what
 * was paid, in cart units (units × the priced days or nights), so the merchant can refund or
 * book by hand.
 * @module
 */
import type { ShopifyConflict } from '../../client/index.ts';
import { timeRange, when } from '../models/dates.ts';

const PRICED: Record<NonNullable<ShopifyConflict['pricing']>, string> = {
  booking: 'per booking',
  day: 'per day',
  night: 'per night',
  slot: 'per time slot',
};

/** "6 (2 units, per day)", or the units alone for a conflict recorded before quantities were kept. */
function held(c: ShopifyConflict): string {
  const units = `${c.quantity} ${c.quantity === 1 ? 'unit' : 'units'}`;
  return c.held_line_quantity === null || c.pricing === null
    ? units
    : `${c.held_line_quantity} (${units}, ${PRICED[c.pricing]})`;
}

/**
 * The newest 50 order lines to check, as the Shop screen loaded them (undefined while they
 * load; its status line says so, or why they could not be loaded).
 */
export function ShopifyConflicts(props: { list: ShopifyConflict[] | undefined }) {
  const list = props.list;
  return (
    <>
      <h3>Order lines to check</h3>
      {list && list.length === 0 && <p>None: every order line paid for its hold and was booked.</p>}
      {list && list.length > 0 && (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Order lines to check">
          <table class="stack">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Variant</th>
                <th scope="col">Period</th>
                <th scope="col">Held (cart quantity)</th>
                <th scope="col">Paid (line quantity)</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    {c.order_name ?? c.order_id}, line {c.line_id}
                  </th>
                  <td data-label="Variant">{c.external_variant_id}</td>
                  <td data-label="Period">{timeRange(c.starts_at, c.finishes_at)}</td>
                  <td data-label="Held (cart quantity)">{held(c)}</td>
                  <td data-label="Paid (line quantity)">{c.line_quantity ?? 'not recorded'}</td>
                  <td data-label="Outcome">
                    {c.booking_id === null ? `Not booked: ${c.reason}` : `Booked (#${c.booking_id}): ${c.reason}`}{' '}
                    <small>({when(c.created_at)})</small>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
