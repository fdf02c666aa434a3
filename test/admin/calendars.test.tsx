/**
 * Calendars in the admin (issue 31 points 5 and 6): the Shop screen's calendar links (made,
 * shown once, stopped in two steps) and a product card's calendars of other sites (added,
 * checked with the result in words, removed in two steps), against the real service.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Product } from '../../src/client/index.ts';
import { CalendarFeeds } from '../../src/admin/screens/CalendarFeeds.tsx';
import { CalendarImports } from '../../src/admin/screens/CalendarImports.tsx';
import { type AdminHarness, renderScreen, startAdmin } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
let said: Array<[string | null, boolean | undefined]>;
const say = (message: string | null, error?: boolean) => void said.push([message, error]);
beforeEach(async () => {
  admin = await startAdmin();
  said = [];
});
afterEach(async () => {
  await admin.close();
});

it('makes a calendar link to copy once, lists it by what it shows, and stops it after asking', async () => {
  renderScreen(<CalendarFeeds say={say} />);
  expect(screen.getByText(/Subscribe in Google Calendar, Apple Calendar or Outlook/)).toBeTruthy();
  await waitFor(() => expect(screen.getByText('No calendar links yet.')).toBeTruthy());
  fireEvent.click(screen.getByRole('button', { name: 'Make a calendar link' }));
  const link = (await screen.findByLabelText('New calendar link (shown only once)')) as HTMLInputElement;
  expect(link.value).toMatch(/\/calendars\/cal_[\w-]+\.ics$/);
  const item = (await screen.findByText(/All bookings of the shop, made/)).closest('li')!;
  fireEvent.click(within(item).getByRole('button', { name: 'Stop the link: All bookings of the shop' }));
  fireEvent.click(await within(item).findByRole('button', { name: 'Yes, stop the link' }));
  await waitFor(() => expect(screen.getByText('No calendar links yet.')).toBeTruthy());
  const path = new URL(link.value).pathname;
  expect((await admin.service.fetch(new Request(`${admin.service.baseUrl}${path}`))).status).toBe(404);
});

it("adds another site's calendar to a variant, says how its check went, and removes it after asking", async () => {
  const products = (await (await admin.api('GET', '/v1/products')).json()) as Product[];
  const kayaks = products.find((p) => p.title === 'Kayak hire')!;
  renderScreen(<CalendarImports product={kayaks} say={say} />);
  const disclosure = screen.getByText('Dates booked on other sites (Kayak hire)').closest('details')!;
  disclosure.open = true;
  fireEvent(disclosure, new Event('toggle'));
  const field = await screen.findByLabelText(/Calendar address for Single kayak/);
  fireEvent.input(field, { target: { value: 'http://127.0.0.1:9/export.ics' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add calendar to Single kayak' }));
  await waitFor(() => expect(said.at(-1)?.[0]).toContain('Single kayak'));
  await screen.findByText(/Not checked yet/);
  fireEvent.click(screen.getByRole('button', { name: 'Check now http://127.0.0.1:9/export.ics' }));
  await screen.findByText(/Could not be read at .*; the dates closed before stay closed\./);
  expect(screen.getByText(/private or local address/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Remove http://127.0.0.1:9/export.ics' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Yes, remove it' }));
  await waitFor(() => expect(screen.queryByText('http://127.0.0.1:9/export.ics')).toBeNull());
  expect(said.at(-1)).toEqual(['Single kayak: calendar removed, its dates open again.', undefined]);
});
