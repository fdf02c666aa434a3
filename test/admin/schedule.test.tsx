/**
 * The schedule editor of a variant, against the in-process service: weekly hours copied to every
 * day, switching between by the day and times of day, the service's 422 shown beside the
 * interval it names, the preview of a DST day in the shop's zone (Melbourne), and the holds an
 * edit would leave outside the schedule listed before saving.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Variant } from '../../src/client/index.ts';
import { ScheduleEditor } from '../../src/admin/screens/ScheduleEditor.tsx';
import { Products } from '../../src/admin/screens/Products.tsx';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import { renderScreen, requestsTo, startAdmin, type AdminHarness } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  await admin.close();
});

const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.input(within(scope).getByLabelText(label), { target: { value } });
const click = (name: string | RegExp, scope: HTMLElement = document.body) =>
  fireEvent.click(within(scope).getByRole('button', { name }));
const choose = (label: string | RegExp, scope: HTMLElement) => fireEvent.change(within(scope).getByLabelText(label));
const value = (label: string | RegExp, scope: HTMLElement) =>
  (within(scope).getByLabelText(label) as HTMLInputElement).value;

/** The error tied to the field labelled `label` (aria-describedby), or null. */
function errorBeside(label: string | RegExp, scope: HTMLElement): string | null {
  const field = within(scope).getByLabelText(label);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
}

/** Opens the Products screen's schedule editor of the Single kayak (booked by days). */
async function openEditor(): Promise<HTMLElement> {
  renderScreen(<Products />);
  click(await screen.findByRole('button', { name: 'Book by times of Single kayak' }).then((b) => b.textContent!));
  const form = await screen.findByRole('form', { name: 'Times of day for Single kayak' });
  choose(/By times of day/, form);
  return form;
}

async function singleKayak(): Promise<Variant> {
  const products = await (await admin.api('GET', '/v1/products?external_id=7001')).json();
  return products[0].variants.find((v: Variant) => Number(v.external_id) === 8001);
}

describe('Schedule editor', () => {
  it('copies one weekday’s hours to all weekdays, and the preview opens every day', async () => {
    const form = await openEditor();
    // Weekdays start open 09:00–17:00; the weekend is closed.
    expect(value('Opens on Monday', form)).toBe('09:00');
    expect(within(form).queryByLabelText('Opens on Sunday')).toBeNull();
    type('Opens on Monday', '08:00', form);
    type('Closes on Monday', '12:00', form);
    click('Copy Monday to all weekdays', form);
    for (const day of ['Tuesday', 'Saturday', 'Sunday']) {
      expect(value(`Opens on ${day}`, form)).toBe('08:00');
      expect(value(`Closes on ${day}`, form)).toBe('12:00');
    }
    const preview = within(form).getByRole('list', { name: 'The next seven days as shoppers will see them' });
    const days = within(preview).getAllByRole('listitem').slice(0, 7);
    expect(days).toHaveLength(7);
    // Today's slots may have begun already (too soon); every day after today offers all four.
    for (const day of days.slice(1))
      expect(day.textContent).toMatch(/: 08:00–09:00, 09:00–10:00, 10:00–11:00, 11:00–12:00$/);
    expect(preview.textContent).toContain('3 places each');
  });

  it('switching to by the day and back keeps the times typed; by the day saves no schedule', async () => {
    const form = await openEditor();
    choose(/Fixed start times/, form);
    click('Add a start time on Saturday', form);
    type('Starts at on Saturday, start 1', '10:30', form);
    choose(/Places at each start/, form);
    type('Length of a slot, minutes', '90', form);
    choose(/By the day/, form);
    expect(within(form).queryByLabelText(/Starts at on Saturday/)).toBeNull();
    choose(/By times of day/, form);
    expect(value('Starts at on Saturday, start 1', form)).toBe('10:30');
    expect(value('Length of a slot, minutes', form)).toBe('90');
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
        'Single kayak: booked by times of day, schedule saved.',
      ),
    );
    const [put] = requestsTo(admin, `/v1/variants/${(await singleKayak()).id}`, 'PUT');
    expect(put!.body).toEqual({
      schedule: expect.objectContaining({ counting: 'seats', duration_minutes: 90, departures: { sat: ['10:30'] } }),
    });
    expect((await singleKayak()).schedule?.departures).toEqual({ sat: ['10:30'] });
    // Its capacity now counts places at each start.
    await screen.findByLabelText('Capacity of Single kayak per start');

    // Its editor opens on the saved schedule; by the day sends null and books by days again.
    click('Times of day of Single kayak');
    const again = await screen.findByRole('form', { name: 'Times of day for Single kayak' });
    expect(value('Starts at on Saturday, start 1', again)).toBe('10:30');
    choose(/By the day/, again);
    fireEvent.submit(again);
    await waitFor(async () => expect((await singleKayak()).schedule).toBeNull());
    expect(requestsTo(admin, `/v1/variants/${(await singleKayak()).id}`, 'PUT').at(-1)!.body).toEqual({
      schedule: null,
    });
  });

  it('shows the service’s refusal beside the interval it names, in the merchant’s words', async () => {
    const form = await openEditor();
    click('Add hours on Monday', form);
    type('Opens on Monday, hours 2', '12:00', form);
    type('Closes on Monday, hours 2', '18:00', form);
    fireEvent.submit(form);
    await waitFor(() =>
      expect(errorBeside('Opens on Monday, hours 2', form)).toBe('overlaps 09:00–17:00 on the same day'),
    );
    expect(errorBeside('Closes on Monday, hours 2', form)).toBe('overlaps 09:00–17:00 on the same day');
    expect(errorBeside('Opens on Monday, hours 1', form)).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Single kayak not saved: fix the fields marked below.');
    // A field left empty is marked by the editor itself, and nothing is sent.
    const puts = requestsTo(admin, `/v1/variants/${(await singleKayak()).id}`, 'PUT').length;
    type('Length of a slot, minutes', '', form);
    fireEvent.submit(form);
    expect(errorBeside('Length of a slot, minutes', form)).toBe('enter a whole number');
    expect(requestsTo(admin, `/v1/variants/${(await singleKayak()).id}`, 'PUT')).toHaveLength(puts);
  });

  it('previews a DST day in the shop’s zone: a start the clocks skip is not offered, lengths are elapsed time', async () => {
    const variant = await singleKayak();
    renderScreen(
      <ScheduleEditor
        variant={variant}
        say={() => {}}
        close={() => {}}
        today={'2026-10-01' as PlainDate}
        now={Date.parse('2026-09-30T00:00:00Z')}
      />,
    );
    const form = screen.getByRole('form', { name: 'Times of day for Single kayak' });
    choose(/By times of day/, form);
    choose(/Fixed start times/, form);
    for (const [at, time] of ['01:30', '02:30', '09:00'].entries()) {
      click('Add a start time on Thursday', form);
      type(`Starts at on Thursday, start ${at + 1}`, time, form);
    }
    click('Copy Thursday to all weekdays', form);
    const preview = within(form).getByRole('list', { name: 'The next seven days as shoppers will see them' });
    const days = within(preview).getAllByRole('listitem');
    // Melbourne's clocks go from 02:00 to 03:00 on Sunday 4 October 2026.
    expect(days[2]!.textContent).toBe('Sat, Oct 3: 01:30–02:30, 02:30–03:30, 09:00–10:00');
    expect(days[3]!.textContent).toBe('Sun, Oct 4: 01:30–03:30, 09:00–10:00');
    expect(days[4]!.textContent).toBe('Mon, Oct 5: 01:30–02:30, 02:30–03:30, 09:00–10:00');
    expect(preview.textContent).toContain('Times in Australia/Melbourne');
  });

  it('lists the holds an edit would leave outside the schedule before saving, and says nothing booked changes', async () => {
    const variant = await singleKayak();
    const tour = { counting: 'seats', departures: { sat: ['09:00', '13:00'] }, duration_minutes: 120 };
    expect((await admin.api('PUT', `/v1/variants/${variant.id}`, { schedule: tour })).status).toBe(200);
    const held = await admin.api('POST', '/v1/reservations', {
      cart_token: 'cart-9',
      items: [{ external_id: 8001, start: '2026-12-05 09:00', quantity: 1 }],
    });
    expect(held.status).toBe(201);
    renderScreen(<Products />);
    click(await screen.findByRole('button', { name: 'Times of day of Single kayak' }).then((b) => b.textContent!));
    const form = await screen.findByRole('form', { name: 'Times of day for Single kayak' });
    await within(form).findByText('Every live hold and coming booking fits these times.');
    type('Starts at on Saturday, start 1', '10:00', form);
    const listed = await within(form).findByText(/One hold or booking would be outside these times/);
    expect(listed.parentElement!.textContent).toContain(
      'Hold #1, 2026-12-05 09:00–11:00, 1: starts at 2026-12-05 09:00, which is not a start of the schedule',
    );
    expect(form.textContent).toContain('Nothing booked is changed or cancelled');
    // The dry run wrote nothing.
    expect((await singleKayak()).schedule?.departures).toEqual({ sat: ['09:00', '13:00'] });
    expect(requestsTo(admin, `/v1/variants/${variant.id}/misfits`, 'POST').length).toBeGreaterThan(0);
  });
});
