/**
 * Customers (`#/customers`): the people the shop's bookings name, searched by name, email or
 * phone (asked once typing pauses), 25 a page, each with their phone, how many bookings they
 * have and their next one; a customer opens (`#/customers/<id>`) with their bookings.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { Field } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { back } from '../models/booking-edit.ts';
import { CUSTOMERS_PER, customerName, loadCustomersPage, startWords } from '../models/customers.ts';
import { routeDetail, screenHref } from '../models/session.ts';
import { useDebounced, useResource } from '../models/use-resource.ts';
import { Pager } from './BookingsPager.tsx';
import { CustomerDetail } from './CustomerDetail.tsx';

/** The customers screen: the list, or (by the address) one customer. */
export function Customers() {
  const [id] = routeDetail.value.path;
  if (id && /^\d+$/.test(id)) return <CustomerDetail key={id} id={Number(id)} />;
  return <CustomersList />;
}

/** The searched, paged list of customers. */
function CustomersList() {
  const q = useSignal('');
  const page = useSignal(1);
  const search = useDebounced(q);
  const list = useResource(() => ({ q: search.value.value, page: page.value }), loadCustomersPage);
  const find = (event: Event) => {
    event.preventDefault();
    if (search.value.peek() === q.peek()) void list.reload();
    else search.now();
  };
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (back.fromDetail) heading.current?.focus();
    back.fromDetail = false;
  }, []);
  const shown = list.data.value;
  return (
    <section class="card">
      <h2 tabIndex={-1} ref={heading}>
        Customers
      </h2>
      <form class="row" role="search" onSubmit={find}>
        <Field label="Search customers">
          {({ id }) => (
            <input
              id={id}
              type="search"
              value={q.value}
              onInput={(e) => ((q.value = e.currentTarget.value), (page.value = 1))}
              placeholder="Name, email or phone"
            />
          )}
        </Field>
      </form>
      <ScreenStatus loads={[list]} />
      {shown?.customers.length === 0 && <p>No customers match.</p>}
      {shown && shown.customers.length > 0 && (
        <Pager
          noun="Customers"
          per={CUSTOMERS_PER}
          shown={{ ...shown, count: shown.customers.length }}
          go={(by) => (page.value = shown.page + by)}
        />
      )}
      <ul class="list customers">
        {shown?.customers.map((c) => (
          <li key={c.id} class="entry">
            <span class="what">
              <a href={screenHref('customers', [String(c.id)])}>{customerName(c)}</a>
              <span class="hint">
                {' '}
                · {c.email}
                {c.phone && ` · ${c.phone}`} · {c.bookings_count} {c.bookings_count === 1 ? 'booking' : 'bookings'}
                {c.next_starts_at ? ` · next ${startWords(c.next_starts_at)}` : ' · none coming'}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
