/**
 * Every admin form against the in-process service: it saves, a field the service refuses (422)
 * shows its message beside that field in the form's words, and a good save afterwards clears
 * it. Driven by labels and buttons, as a merchant would.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Blackouts } from '../../src/admin/screens/Blackouts.tsx';
import { Products } from '../../src/admin/screens/Products.tsx';
import { Shop } from '../../src/admin/screens/Shop.tsx';
import { Tokens } from '../../src/admin/screens/Tokens.tsx';
import { Widgets } from '../../src/admin/screens/Widgets.tsx';
import { renderScreen, requestsTo, startAdmin, type AdminHarness } from '../helpers/render-admin.tsx';
import { hourlySchedule, setSchedule } from '../helpers/schedules.ts';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  await admin.close();
});

/** The error shown beside the field labelled `label`, or null when it is not marked. */
function errorBeside(label: string | RegExp, scope: HTMLElement = document.body): string | null {
  const field = within(scope).getByLabelText(label);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return (
    ids
      .map((id) => document.getElementById(id))
      .filter((el) => el?.classList.contains('error'))
      .map((el) => el!.textContent)
      .join(' ') || null
  );
}

const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.input(within(scope).getByLabelText(label), { target: { value } });
const alertText = () =>
  screen
    .getAllByRole('alert')
    .map((a) => a.textContent)
    .join(' ');
const statusSays = (text: string) =>
  waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(text));

describe('Blackout form', () => {
  it('adds a blackout once the last day is fixed, after the refusal is shown beside "Last day"', async () => {
    renderScreen(<Blackouts />);
    await screen.findByText(/Christmas/, { selector: 'strong' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a blackout' }));
    const form = screen.getByRole('form', { name: 'Add a blackout' });
    type('Title (only you see it)', 'Pier works', form);
    type('First day', '2026-12-10', form);
    type('Last day', '2026-12-09', form);
    fireEvent.submit(form);
    await waitFor(() => expect(errorBeside('Last day', form)).toBe('must be after “First day”'));
    expect(alertText()).toContain('Not saved: fix the fields marked below.');
    type('Last day', '2026-12-11', form);
    fireEvent.submit(form);
    await statusSays('Blackout “Pier works” added.');
    // The form is closed, its refusal gone with it, and the new blackout is listed.
    expect(screen.queryByRole('form', { name: 'Add a blackout' })).toBeNull();
    expect(alertText()).toBe('');
    await screen.findByText('Pier works', { selector: 'strong' });
  });

  it('keeps the title private and sends the reason for shoppers apart, its refusal shown beside it until fixed', async () => {
    renderScreen(<Blackouts />);
    await screen.findByText(/Christmas/, { selector: 'strong' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a blackout' }));
    const form = screen.getByRole('form', { name: 'Add a blackout' });
    // The form says who reads which.
    expect(within(form).getByLabelText('Title (only you see it)').getAttribute('aria-describedby')).toBeTruthy();
    expect(form.textContent).toContain('Shoppers never see it.');
    expect(form.textContent).toContain('Leave it empty and they read “closed”.');
    type('Title (only you see it)', 'Double kayak hull repairs', form);
    type('Reason shown to shoppers (optional)', 'Open \u202Esoon', form);
    type('First day', '2026-12-10', form);
    type('Last day', '2026-12-11', form);
    fireEvent.submit(form);
    await waitFor(() =>
      expect(errorBeside('Reason shown to shoppers (optional)', form)).toBe(
        'use at most 255 characters, with no line breaks or other hidden characters',
      ),
    );
    type('Reason shown to shoppers (optional)', 'Maintenance day', form);
    fireEvent.submit(form);
    await statusSays('Blackout “Double kayak hull repairs” added.');
    const sent = requestsTo(admin, '/v1/blackouts', 'POST').at(-1)!;
    expect(sent.body).toMatchObject({
      title: 'Double kayak hull repairs',
      shopper_reason: 'Maintenance day',
    });
    await screen.findByText(/shoppers read “Maintenance day”/);
  });
});

describe('Product and variant forms', () => {
  it('adds a product once it has a title, the refusal shown beside "Title" until then', async () => {
    renderScreen(<Products />);
    const form = await screen.findByRole('form', { name: 'Add a product' });
    await screen.findByRole('heading', { name: /^Kayak hire\b/ });
    type('Product id', '7100', form);
    type('Title', '   ', form);
    fireEvent.submit(form);
    // The service's "must not be empty" in the merchant's words; the API keeps its own.
    await waitFor(() => expect(errorBeside('Title', form)).toBe('enter a title'));
    expect(alertText()).toContain('The product was not added: fix the fields marked below.');
    type('Title', 'Paddle boards', form);
    fireEvent.submit(form);
    await statusSays('Paddle boards added.');
    expect(errorBeside('Title', form)).toBeNull();
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('');
    await screen.findByRole('heading', { name: /^Paddle boards\b/ });
  });

  it("saves a variant's capacity once it is in range, the refusal shown beside the capacity until then", async () => {
    renderScreen(<Products />);
    const capacity = 'Capacity of Single kayak per day';
    await screen.findByLabelText(capacity);
    type(capacity, '100001');
    fireEvent.click(screen.getByRole('button', { name: 'Save Single kayak' }));
    await waitFor(() => expect(errorBeside(capacity)).toMatch(/100000|100,000/));
    expect(alertText()).toContain('Single kayak not saved');
    type(capacity, '4');
    fireEvent.click(screen.getByRole('button', { name: 'Save Single kayak' }));
    await statusSays('Single kayak: saved, capacity 4 a day.');
    expect(errorBeside(capacity)).toBeNull();
    expect(alertText()).not.toContain('not saved');
  });
});

describe('Widget form', () => {
  it('saves the settings once the shortest booking is no longer than the longest, the refusal beside it until then', async () => {
    renderScreen(<Widgets />);
    const form = await screen.findByRole('form', { name: 'Settings of Kayak hire' });
    type('Shortest booking, days', '5', form);
    type('Longest booking, days', '2', form);
    fireEvent.submit(form);
    await waitFor(() =>
      expect(errorBeside('Shortest booking, days', form)).toBe('must not be more than “Longest booking, days”'),
    );
    expect(requestsTo(admin, '/v1/widgets/1', 'PUT')).toHaveLength(1);
    type('Longest booking, days', '7', form);
    fireEvent.submit(form);
    await statusSays('“Kayak hire” saved; the preview shows it.');
    expect(errorBeside('Shortest booking, days', form)).toBeNull();
  });
});

describe('Widget form: most units', () => {
  it('saves "Most units" above what its products have, and says shoppers are offered only what exists', async () => {
    renderScreen(<Widgets />);
    const form = await screen.findByRole('form', { name: 'Settings of Kayak hire' });
    // Kayak hire's "Most units" is the default, 10; a single kayak has 3, a double 2.
    type('Most units', '4', form);
    fireEvent.submit(form);
    await statusSays('“Kayak hire” saved; the preview shows it.');
    await statusSays(
      'Shoppers are offered at most 3, not 4: no variant of its products has more than 3 (Kayak hire – Single kayak). To offer more, raise a capacity under Products.',
    );
    const saved = (await admin.api('GET', '/v1/widgets/1').then((r) => r.json())) as {
      settings: { quantity_max: number };
    };
    expect(saved.settings.quantity_max).toBe(4);
    // Within what exists: saved, and nothing more to say.
    type('Most units', '3', form);
    fireEvent.submit(form);
    await statusSays('“Kayak hire” saved; the preview shows it.');
    expect(screen.getAllByRole('status').some((s) => s.textContent!.startsWith('Shoppers are offered'))).toBe(false);
    const again = (await admin.api('GET', '/v1/widgets/1').then((r) => r.json())) as typeof saved;
    expect(again.settings.quantity_max).toBe(3);
  });
});

describe('Token form', () => {
  it('makes a publishable token once the site is a bare address, the refused line named beside "Sites" until then', async () => {
    renderScreen(<Tokens />);
    const form = await screen.findByRole('form', { name: 'Create a token' });
    type('Sites that may use it', 'https://shop.example/booking', form);
    fireEvent.submit(form);
    await waitFor(() =>
      expect(errorBeside('Sites that may use it', form)).toBe(
        "Line 1: only the site's address, like https://www.your-store.com (no page after it)",
      ),
    );
    expect(alertText()).toContain('Not made: fix the fields marked below.');
    type('Sites that may use it', 'https://shop.example', form);
    fireEvent.submit(form);
    await statusSays('A new publishable token was made: copy it now, it is shown only once.');
    expect(errorBeside('Sites that may use it', form)).toBeNull();
    expect(screen.getByText(/^pk_\w+_\S{20,}$/, { selector: 'code' })).toBeTruthy();
  });
});

describe('Shop form', () => {
  it('saves the shop once its language is a language tag, the refusal beside "Language" until then', async () => {
    renderScreen(<Shop />);
    const form = await screen.findByRole('form', { name: 'Shop settings' });
    type('Language', 'not a language', form);
    fireEvent.submit(form);
    await waitFor(() => expect(errorBeside('Language', form)).toBe('must be a language tag like "en" or "de-CH"'));
    expect(alertText()).toContain('Not saved: fix the fields marked below.');
    type('Language', 'en-AU', form);
    fireEvent.submit(form);
    await statusSays('Shop settings saved.');
    expect(errorBeside('Language', form)).toBeNull();
    expect(((await admin.api('GET', '/v1/shop').then((r) => r.json())) as { locale: string }).locale).toBe('en-AU');
  });
});

describe('Widget form: times of day', () => {
  it('shows a widget of times of day as such, and saves its longest booking in times and its price per time', async () => {
    await setSchedule(admin.service.db, 8003, hourlySchedule());
    const put = await admin.api('PUT', '/v1/widgets/2', { type: 'slot' });
    expect(put.status).toBe(200);
    renderScreen(<Widgets />);
    await screen.findByRole('form', { name: 'Settings of Kayak hire' });
    fireEvent.change(screen.getByLabelText('Widget'), { target: { value: '2' } });
    const form = await screen.findByRole('form', { name: 'Settings of Sunset tour' });
    const typeField = within(form).getByLabelText('Type') as HTMLSelectElement;
    expect(typeField.selectedOptions[0]?.textContent).toBe('Times of day (tours, classes, hire by the hour)');
    // Days and nights mean nothing to times of day: no "A range counts", no day limits.
    expect(within(form).queryByLabelText('A range counts')).toBeNull();
    expect(within(form).queryByLabelText('Longest booking, days')).toBeNull();
    type('Longest booking, in times', '2', form);
    fireEvent.change(within(form).getByLabelText('The price is'), { target: { value: 'slot' } });
    fireEvent.submit(form);
    await statusSays('“Sunset tour” saved; the preview shows it.');
    const saved = (await admin.api('GET', '/v1/widgets/2').then((r) => r.json())) as {
      settings: { max_slots: number; pricing: string };
    };
    expect(saved.settings).toMatchObject({ max_slots: 2, pricing: 'slot' });
    // The service's refusal of a length it does not allow stands beside the field.
    type('Longest booking, in times', '0', form);
    fireEvent.submit(form);
    await waitFor(() => expect(errorBeside('Longest booking, in times', form)).toBeTruthy());
  });
});

describe('Shop form: disconnecting Shopify', () => {
  it('asks before a save with the Shopify domain emptied disconnects the shop, and keeps it connected on "Keep it"', async () => {
    const connect = await admin.api('PUT', '/v1/shop', {
      shopify: { domain: 'harbour-kayaks.myshopify.com', api_secret: 'shpss_0123456789abcdef' },
    });
    expect(connect.status).toBe(200);
    const domainNow = async () =>
      ((await admin.api('GET', '/v1/shop').then((r) => r.json())) as { shopify: { domain: string | null } }).shopify
        .domain;
    renderScreen(<Shop />);
    const form = await screen.findByRole('form', { name: 'Shop settings' });
    await waitFor(() =>
      expect((within(form).getByLabelText('Shopify domain') as HTMLInputElement).value).toBe(
        'harbour-kayaks.myshopify.com',
      ),
    );
    type('Shopify domain', '', form);
    fireEvent.submit(form);
    const ask = await within(form).findByRole('group', { name: 'Disconnect from Shopify?' });
    expect(requestsTo(admin, '/v1/shop', 'PUT')).toHaveLength(0);
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect((within(form).getByLabelText('Shopify domain') as HTMLInputElement).value).toBe(
      'harbour-kayaks.myshopify.com',
    );
    expect(await domainNow()).toBe('harbour-kayaks.myshopify.com');
    type('Shopify domain', '', form);
    fireEvent.submit(form);
    fireEvent.click(await within(form).findByRole('button', { name: 'Yes, save and disconnect' }));
    await statusSays('Shop settings saved.');
    expect(await domainNow()).toBeNull();
  });
});
