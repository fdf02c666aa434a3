/**
 * The Resources screen against the in-process service (issue 39 point 4): the shopkeeper adds a
 * guide with weekly hours, a missing name stands beside its field, and a guide a variant still
 * needs cannot be deleted: the refusal names the variant, not a number.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { Resources } from '../../src/admin/screens/Resources.tsx';
import { type AdminHarness, renderScreen, startAdmin } from '../helpers/render-admin.tsx';

let admin: AdminHarness | undefined;
afterEach(async () => {
  await admin?.close();
  admin = undefined;
});

/** The form's error tied to `control`. */
const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

it('adds a guide available on weekdays 09:00–17:00, and an empty name is named beside its field', async () => {
  admin = await startAndOpen();
  fireEvent.click(screen.getByRole('button', { name: 'Add a resource' }));
  const form = screen.getByRole('form', { name: 'Add a resource' });
  fireEvent.click(within(form).getByRole('button', { name: 'Add the resource' }));
  const name = within(form).getByLabelText('Name');
  await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
  expect(errorOf(name)).toContain('enter a name');
  expect(screen.getByRole('alert').textContent).toContain('fix the fields marked below');
  fireEvent.input(name, { target: { value: 'Anna' } });
  fireEvent.click(within(form).getByLabelText('Only in these weekly hours'));
  expect(within(form).getByRole('group', { name: 'Monday' })).toBeTruthy();
  fireEvent.click(within(form).getByRole('button', { name: 'Add the resource' }));
  await screen.findByText('Anna added.');
  await screen.findByText(/Mon 09:00–17:00/);
  const listed = (await (await admin.api('GET', '/v1/resources')).json()) as { name: string; hours: unknown }[];
  const anna = listed.find((r) => r.name === 'Anna');
  expect(anna?.hours).toMatchObject({ mon: [['09:00', '17:00']], fri: [['09:00', '17:00']] });
});

it('a guide a variant still needs is not deleted, and the refusal names the variant, not a number', async () => {
  admin = await startAdmin();
  const made = (await (await admin.api('POST', '/v1/resources', { name: 'Ben', kind: 'staff', units: 1 })).json()) as {
    id: number;
  };
  const products = (await (await admin.api('GET', '/v1/products')).json()) as { variants: { id: number }[] }[];
  const variant = products[0]!.variants[0]!;
  const put = await admin.api('PUT', `/v1/variants/${variant.id}`, {
    requirements: [{ resources: [made.id], per: 'booking' }],
  });
  expect(put.status).toBe(200);
  renderScreen(<Resources />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Ben' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, delete Ben' }));
  await waitFor(() =>
    expect(screen.getByRole('alert').textContent).toMatch(/^Ben cannot be deleted: the variant .+ requires it/),
  );
  expect(screen.getByRole('alert').textContent).not.toMatch(/resource \d/);
  expect(screen.getByRole('button', { name: 'Edit Ben' })).toBeTruthy();
});

async function startAndOpen(): Promise<AdminHarness> {
  const harness = await startAdmin();
  renderScreen(<Resources />);
  await screen.findByRole('heading', { name: 'Resources' });
  return harness;
}

it('makes a calendar link of the bookings Anna is assigned to, shown once to copy', async () => {
  admin = await startAdmin();
  await admin.api('POST', '/v1/resources', { name: 'Anna', kind: 'staff', units: 1 });
  renderScreen(<Resources />);
  fireEvent.click(await screen.findByRole('button', { name: 'Calendar link for Anna' }));
  const link = (await screen.findByLabelText("Anna's calendar link")) as HTMLInputElement;
  expect(link.value).toMatch(/\/calendars\/cal_[\w-]+\.ics$/);
  await screen.findByText('Calendar link for Anna made: copy it now, it is shown only once.');
  const feeds = (await (await admin.api('GET', '/v1/calendar-feeds')).json()) as { scope: string }[];
  expect(feeds.map((f) => f.scope)).toEqual(['resource']);
});
