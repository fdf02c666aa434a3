/**
 * The manage link's suites: a booking made through the API, its link read from the customer's
 * message (GET /v1/messages), and the page opened as a browser does.
 */
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS } from '../api.ts';

/** A booking of two double kayaks on `day`, 10:00–12:00 in Melbourne. */
export const booking = (day = '2026-12-10') => ({
  starts_at: `${day} 10:00`,
  finishes_at: `${day} 12:00`,
  items: [{ external_id: 8002, quantity: 2 }],
  customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }],
});

/** Double kayaks free on `day`. */
export async function available(service: TestService, day = '2026-12-10'): Promise<number> {
  const answer = await api(service).get(`/v1/availability?external_variant_id=8002&start=${day}&finish=2026-12-31`, {
    token: TOKENS.publishable,
  });
  return answer.body[0].quantity_available;
}

/** Sets the shop's cut-off (hours; null: no online cancelling). */
export async function setCutoff(service: TestService, hours: number | null, token: string = TOKENS.secret) {
  const answer = await api(service).put('/v1/shop', { cancel_cutoff_hours: hours }, { token });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
}

/** Books and answers the booking's id and the manage link of its customer's confirmation. */
export async function bookWithLink(
  service: TestService,
  body: object = booking(),
): Promise<{ id: number; url: string }> {
  const made = await api(service).post('/v1/bookings', body);
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  const messages = await api(service).get('/v1/messages');
  const confirmation = messages.body.find(
    (m: { kind: string; booking_id: number }) => m.kind === 'customer_confirmation' && m.booking_id === made.body.id,
  );
  const url = /https?:\/\/\S+\/manage\/\S+/.exec(confirmation.text)?.[0];
  if (!url) throw new Error(`no manage link in: ${confirmation.text}`);
  return { id: made.body.id, url };
}

/** What a browser gets for the page: status and HTML. */
export async function open(
  service: TestService,
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await service.fetch(new Request(url, init));
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** POSTs the cancellation as the page's form does (same origin). */
export function postCancel(service: TestService, url: string, origin = service.baseUrl) {
  return open(service, `${url}/cancel`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The booking's status, straight from the database. */
export async function statusOf(service: TestService, id: number): Promise<string> {
  const { rows } = await service.db.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [id]);
  return rows[0]!.status;
}
