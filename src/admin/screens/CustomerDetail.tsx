/**
 * One customer (`#/customers/<id>`): their name, email and phone, and their bookings, newest
 * first as the service lists them, each opening the booking (`#/bookings/<id>`).
 * @module
 */
import { useEffect, useRef } from 'preact/hooks';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { itemsOf, periodOf } from '../models/bookings-page.ts';
import { back } from '../models/booking-edit.ts';
import { customerName, loadCustomer } from '../models/customers.ts';
import { screenHref } from '../models/session.ts';
import { useResource } from '../models/use-resource.ts';

/** Customer `id` with their bookings. */
export function CustomerDetail(props: { id: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const customer = useResource(() => props.id, loadCustomer);
  useEffect(() => {
    back.fromDetail = true;
    heading.current?.focus();
  }, []);
  const c = customer.data.value;
  return (
    <section class="card">
      <h2 tabIndex={-1} ref={heading}>
        {c ? customerName(c) : 'Customer'}
      </h2>
      <p>
        <a href={screenHref('customers')}>Back to customers</a>
      </p>
      <ScreenStatus loads={[customer]} />
      {c && (
        <>
          <dl class="facts">
            <div>
              <dt>Email</dt>
              <dd>{c.email || 'none'}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{c.phone || 'none'}</dd>
            </div>
          </dl>
          <h3>Bookings</h3>
          {c.bookings.length === 0 && <p>No bookings.</p>}
          <ul class="list">
            {c.bookings.map((b) => (
              <li key={b.id}>
                <a href={screenHref('bookings', [String(b.id)])}>
                  Booking #{b.id} · {periodOf(b)} · {itemsOf(b)} · {b.status}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
