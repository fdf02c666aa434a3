/**
 * "Download CSV" on the bookings screen: the bookings of a period (this month unless changed)
 * and a product, in the state the list shows, as a spreadsheet file. The control is a link to
 * the export (GET /v1/exports/bookings.csv, API.md §4.14) that the browser downloads itself
 * with the session's cookie: the file streams to disk and is never held in the page, however
 * big the shop. A period that ends before it starts is said beside "To" and downloads nothing.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { Booking } from '../../client/index.ts';
import { addDays, addMonths, isPlainDate, startOfMonth } from '../../shared/plain-date.ts';
import { Field } from '../components/bits.tsx';
import { products } from '../models/catalog.ts';
import { session, shopToday } from '../models/session.ts';

/** The export's address for these choices (relative: the admin is served by the service). */
export function exportHref(choice: {
  from: string;
  to: string;
  product: string;
  status?: Booking['status'] | '' | undefined;
}): string {
  const query = new URLSearchParams();
  if (choice.from) query.set('start_min', choice.from);
  if (choice.to) query.set('finish_max', choice.to);
  if (choice.product) query.set('external_product_id', choice.product);
  if (choice.status) query.set('status', choice.status);
  const search = query.toString();
  return `/v1/exports/bookings.csv${search ? `?${search}` : ''}`;
}

/** What is wrong with the period, by field, in the merchant's words. */
function periodProblems(from: string, to: string): { from?: string[]; to?: string[] } {
  if (from && !isPlainDate(from)) return { from: ['enter a day'] };
  if (to && !isPlainDate(to)) return { to: ['enter a day'] };
  if (from && to && to < from) return { to: ['must be on or after “From”'] };
  return {};
}

/** The form and its link; `status` is the state the bookings list is filtered by. */
export function BookingsExport(props: { status?: Booking['status'] | '' }) {
  const month = startOfMonth(shopToday());
  const from = useSignal<string>(month);
  const to = useSignal<string>(addDays(addMonths(month, 1), -1));
  const product = useSignal('');
  const shown = useSignal<{ from?: string[]; to?: string[] }>({});
  const tz = session.value?.shop.tz ?? 'UTC';
  const problems = periodProblems(from.value, to.value);
  const download = (event: Event) => {
    shown.value = problems;
    if (problems.from || problems.to) event.preventDefault();
  };
  const status = props.status ?? '';
  const file = `bookings-${from.value || 'all'}-${to.value || 'all'}.csv`;
  return (
    <form class="row" aria-label="Download bookings" onSubmit={(e) => e.preventDefault()}>
      <Field label="From" errors={shown.value.from}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="date"
            value={from.value}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onInput={(e) => ((from.value = e.currentTarget.value), (shown.value = {}))}
          />
        )}
      </Field>
      <Field label="To" errors={shown.value.to}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="date"
            value={to.value}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onInput={(e) => ((to.value = e.currentTarget.value), (shown.value = {}))}
          />
        )}
      </Field>
      <Field label="Product">
        {({ id }) => (
          <select id={id} value={product.value} onChange={(e) => (product.value = e.currentTarget.value)}>
            <option value="">All products</option>
            {products.value?.map((p) => (
              <option key={p.id} value={String(p.external_id)}>
                {p.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div>
        <a
          class="button"
          href={exportHref({ from: from.value, to: to.value, product: product.value, status })}
          download={file}
          onClick={download}
        >
          Download CSV
        </a>
        <details>
          <summary>Details</summary>
          <p class="hint">
            A spreadsheet file (CSV, UTF-8) of the bookings on the days chosen
            {status ? `, only the ${status} ones as in the list above` : ''}: one line per item booked, times in {tz},
            and one column per question you ask with the answers given. Cells that begin with =, +, - or @ start with an
            apostrophe, so a spreadsheet shows them as text and never runs them.
          </p>
        </details>
      </div>
    </form>
  );
}
