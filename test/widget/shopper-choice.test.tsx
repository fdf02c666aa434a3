/**
 * A shopper's choice of resource against the real in-process service (issue 39): "Preference:
 * Any / Anna / Ben" with who is free on the chosen day or time, the pick's own days in the
 * calendar (`resource_id` on the reads), the pick posted with the hold and kept when holding
 * again, and a refusal said from its codes in the shopper's language, right to left in Arabic.
 */
import { fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsTo, type WidgetHarness } from '../helpers/render-widget.ts';
import { ADULT, CHILD, openCruise, ticketTour } from './ticket-tour.ts';

let harness: WidgetHarness;
afterEach(() => harness?.close());

const plain = (s: string | null | undefined) =>
  (s ?? '').replace(/[\u2068\u2069]/g, '').replace(/[\u202f\u00a0]/g, ' ');

/** Another cart holds one Adult with `resource` on `start`, straight through the API. */
async function anotherCartTakes(resource: number, start = '2026-11-24', quantity = 1) {
  const res = await harness.service.fetch(
    new Request(`${harness.service.baseUrl}/v1/reservations`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
      body: JSON.stringify({
        cart_token: 'someone-else',
        items: [{ external_id: ADULT, start, quantity, resource_id: resource }],
      }),
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
}

/** Each option of the pool's radio group as it reads, and which is chosen. */
function options(el: HTMLElement) {
  return [...el.shadowRoot!.querySelectorAll<HTMLLabelElement>('[part~=pool-option]')].map(
    (o) => `${o.querySelector('input')!.checked ? '(x)' : '( )'} ${plain(o.textContent)}`,
  );
}

describe('a pool the shopper may choose from', () => {
  it('offers Any and each member, then says who is free on the chosen day', async () => {
    let anna: number;
    ({ harness, anna } = await ticketTour({ poolOnly: true }));
    await anotherCartTakes(anna);
    const { el, w, dayOf } = await openCruise(harness);
    const group = w.getByRole('group', { name: 'Preference' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(options(el)).toEqual(['(x) Any', '( ) Anna', '( ) Ben']);
    // A pool alone keeps the quantity's stepper.
    expect(w.getByRole('spinbutton', { name: 'Quantity' })).toBeTruthy();
    fireEvent.click(dayOf('2026-11-24')!);
    await waitFor(() => expect(options(el)).toEqual(['(x) Any', '( ) Annanot free then', '( ) Benfree']));
    expect(within(group).getByRole('radio', { name: 'Anna not free then' })).toBeTruthy();
    // With a pick, who is free is still said of every member (as any member sees the day).
    fireEvent.click(within(group).getByRole('radio', { name: 'Anna not free then' }));
    await waitFor(() =>
      expect(requestsTo(harness, '/v1/availability').some((r) => r.url.searchParams.has('resource_id'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(options(el)).toEqual(['( ) Any', '(x) Annanot free then', '( ) Benfree']);
  });

  it('shows the pick’s own days: the calendar asks with resource_id, and a day the pick is taken is unavailable', async () => {
    let anna: number;
    ({ harness, anna } = await ticketTour({ poolOnly: true }));
    await anotherCartTakes(anna);
    const { el, w, dayOf } = await openCruise(harness);
    expect(dayOf('2026-11-24')!.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(w.getByRole('radio', { name: 'Anna' }));
    await waitFor(() => expect(dayOf('2026-11-24')!.getAttribute('aria-disabled')).toBe('true'));
    expect(dayOf('2026-11-24')!.getAttribute('aria-label')).toBe(
      'Tuesday, November 24, 2026, unavailable: fully booked',
    );
    expect(
      requestsTo(harness, '/v1/availability').some((r) => r.url.searchParams.get('resource_id') === String(anna)),
    ).toBe(true);
    // Any again: the calendar is the pool's again.
    fireEvent.click(w.getByRole('radio', { name: 'Any' }));
    await waitFor(() => expect(dayOf('2026-11-24')!.getAttribute('aria-disabled')).toBeNull());
    void el;
  });

  it('posts the pick with the hold, and posts it again when the hold that ran out is held again', async () => {
    let ben: number;
    ({ harness, ben } = await ticketTour({ poolOnly: true }));
    const { w, dayOf } = await openCruise(harness);
    fireEvent.click(w.getByRole('radio', { name: 'Ben' }));
    fireEvent.click(dayOf('2026-11-25')!);
    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    await w.findByRole('button', { name: 'Release' });
    // The held state names the guide the service held the post with.
    expect(plain(w.getByText(/^Preference:/, { selector: '[part=hold-pick]' }).textContent)).toBe('Preference: Ben');
    harness.service.clock.advance(15 * 60_000 + 1000);
    fireEvent.click(await w.findByRole('button', { name: 'Hold again' }));
    await w.findByRole('button', { name: 'Release' });
    const posts = requestsTo(harness, '/v1/reservations', 'POST').map((r) => (r.body as { items: object[] }).items);
    expect(posts).toEqual([
      [{ external_id: ADULT, start: '2026-11-25', finish: '2026-11-26', quantity: 1, resource_id: ben }],
      [{ external_id: ADULT, start: '2026-11-25', finish: '2026-11-26', quantity: 1, resource_id: ben }],
    ]);
  });

  it('says in the shopper’s language who was taken and who is free instead, right to left in Arabic', async () => {
    let anna: number;
    ({ harness, anna } = await ticketTour({ poolOnly: true }));
    for (const [locale, said] of [
      ['de', /^Am 26\.11\.2026 nicht frei: Anna\. Stattdessen frei: Ben\. Wählen Sie andere Daten\./],
      ['ar', /^غير متاح في .+: Anna\. متاح بدلًا من ذلك: Ben\./],
    ] as const) {
      const { el, w, dayOf } = await openCruise(harness, { locale, 'cart-token': `cart-${locale}` });
      fireEvent.click(
        within(w.getByRole('group', { name: locale === 'de' ? 'Wunsch' : 'التفضيل' })).getAllByRole('radio')[1]!,
      );
      fireEvent.click(dayOf('2026-11-26')!);
      // Anna is taken by another cart after the shopper picked her (the Arabic page finds her taken too).
      if (locale === 'de') await anotherCartTakes(anna, '2026-11-26');
      fireEvent.click(el.shadowRoot!.querySelector('[part=reserve-button]')!);
      const alert = await w.findByRole('alert');
      expect(plain(alert.textContent)).toMatch(said);
      // The service's English sentence is never shown.
      expect(alert.textContent).not.toMatch(/is not free then/);
      expect(el.shadowRoot!.querySelector('[part=widget]')!.getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      el.remove();
    }
  });
});

describe('a slot widget with a guide the shopper picks', () => {
  it('asks the chosen day’s times for the pick, and says who is free at the chosen time', async () => {
    let anna: number;
    ({ harness, anna } = await ticketTour({ type: 'slot' }));
    const { el, w, dayOf } = await openCruise(harness);
    fireEvent.click(dayOf('2026-11-24')!);
    const times = await w.findByRole('radiogroup', {}, { timeout: 10_000 });
    fireEvent.click(within(times).getAllByRole('radio')[0]!);
    await waitFor(() => expect(options(el)).toEqual(['(x) Any', '( ) Annafree', '( ) Benfree']));
    fireEvent.click(w.getByRole('radio', { name: /^Anna/ }));
    await waitFor(() =>
      expect(requestsTo(harness, '/v1/slots').some((r) => r.url.searchParams.get('resource_id') === String(anna))).toBe(
        true,
      ),
    );
    // Who is free is still read as any member sees it (a read with a pick lists the pick alone).
    await waitFor(() => expect(options(el)).toEqual(['( ) Any', '(x) Annafree', '( ) Benfree']));
    void CHILD;
  });
});
