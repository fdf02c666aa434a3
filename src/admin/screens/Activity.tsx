/**
 * Activity: the shop's audit log (GET /v1/audit), newest first, 25 a page: who (a member of
 * staff, an API token, Shopify, a shopper's cart), what ("cancelled booking 42") and when, in
 * the shop's zone. Everyone may read it.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { AuditEntry } from '../../client/index.ts';
import { client } from '../api.ts';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { session } from '../models/session.ts';
import { useResource } from '../models/use-resource.ts';

const PER = 25;

/** One page of entries and how many there are. */
async function pageOf(page: number, signal: AbortSignal): Promise<{ entries: AuditEntry[]; total: number }> {
  const { data, response } = await client.audit.list({ page, per: PER }, { signal }).withResponse();
  const total = Number(response.headers.get('X-Total-Count') ?? data.length);
  return { entries: data, total: Number.isFinite(total) ? total : data.length };
}

/** An instant in the shop's zone: "26 Nov 2026, 10:15". */
function when(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: session.value?.shop.tz ?? 'UTC',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The Activity screen. */
export function Activity() {
  const page = useSignal(1);
  const log = useResource(
    () => page.value,
    (at, signal) => pageOf(at, signal),
  );
  const shown = log.data.value;
  const last = shown ? Math.max(1, Math.ceil(shown.total / PER)) : 1;
  const from = (page.value - 1) * PER + 1;
  return (
    <section class="card">
      <h2 tabIndex={-1}>Activity</h2>
      <p class="hint">
        Every change to bookings, holds, products and settings: who made it, and when ({session.value?.shop.tz} time).
      </p>
      <ScreenStatus loads={[log]} />
      {shown && shown.entries.length === 0 && <p>Nothing has been changed yet.</p>}
      {shown && shown.entries.length > 0 && (
        <>
          <div class="table-wrap" tabIndex={0} role="region" aria-label="Activity">
            <table class="stack">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                </tr>
              </thead>
              <tbody>
                {shown.entries.map((e) => (
                  <tr key={e.id}>
                    <th scope="row">
                      <time dateTime={e.at}>{when(e.at)}</time>
                    </th>
                    <td data-label="Who">{e.actor}</td>
                    <td data-label="What">{e.action}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div class="row pager">
            <p role="status">
              Changes {from}–{from + shown.entries.length - 1} of {shown.total}
            </p>
            <button type="button" aria-disabled={page.value <= 1} onClick={() => page.value > 1 && (page.value -= 1)}>
              Previous page
            </button>
            <button
              type="button"
              aria-disabled={page.value >= last}
              onClick={() => page.value < last && (page.value += 1)}
            >
              Next page
            </button>
          </div>
        </>
      )}
    </section>
  );
}
