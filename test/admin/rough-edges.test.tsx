/**
 * Issue 30's rough edges of the admin's screens, against the in-process service: the service's
 * rules for text said in the merchant's words (the API keeping its own), the Install screen
 * keeping what was typed and saying to add a product first, the token form emptied after
 * Create, a new widget's "Most units" taken from its variants, and removals that ask first.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installDraft } from '../../src/admin/models/install-draft.ts';
import { session } from '../../src/admin/models/session.ts';
import { inTheirWords } from '../../src/admin/problems.ts';
import { Install } from '../../src/admin/screens/Install.tsx';
import { Products } from '../../src/admin/screens/Products.tsx';
import { Shop } from '../../src/admin/screens/Shop.tsx';
import { Tokens } from '../../src/admin/screens/Tokens.tsx';
import { Widgets } from '../../src/admin/screens/Widgets.tsx';
import { type AdminHarness, renderScreen, requestsTo, startAdmin } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  await admin.close();
  // As signing out does: the next test's shop starts from an empty Install screen.
  const was = session.value;
  session.value = null;
  session.value = was;
});

const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.input(within(scope).getByLabelText(label), { target: { value } });
const statusSays = (text: string | RegExp) =>
  waitFor(() =>
    expect(
      screen
        .getAllByRole('status')
        .some((s) => (typeof text === 'string' ? s.textContent === text : text.test(s.textContent ?? ''))),
    ).toBe(true),
  );
function errorBeside(label: string, scope: HTMLElement = document.body): string | null {
  const field = within(scope).getByLabelText(label);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  return (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id))
    .filter((el) => el?.classList.contains('error'))
    .map((el) => el!.textContent)
    .join(' ');
}

describe('the service’s rules for text, in the merchant’s words', () => {
  it('says what to do: enter a title, at most 255 characters, no line breaks', () => {
    expect(inTheirWords('must not be empty', 'Title')).toBe('enter a title');
    expect(inTheirWords('is required', 'Title (only you see it)')).toBe('enter a title');
    expect(inTheirWords('must not be empty', 'Title of Single kayak')).toBe('enter a title');
    expect(inTheirWords('must not be empty', 'Event name')).toBe('enter an event name');
    expect(inTheirWords('must be at most 255 characters', 'Title')).toBe('too long: at most 255 characters');
    expect(inTheirWords('must not contain line breaks or other control characters', 'Title')).toBe(
      'remove the line breaks (and any other hidden characters)',
    );
    expect(inTheirWords('must be a whole number from 0 to 100000', 'Capacity')).toBe(
      'must be a whole number from 0 to 100000',
    );
  });

  it('a blank or too long location name is said beside its field in those words, while the API answers its own', async () => {
    renderScreen(<Shop />);
    const form = await screen.findByRole('form', { name: 'Add a location' });
    type('New location', '   ', form);
    fireEvent.submit(form);
    await waitFor(() => expect(errorBeside('New location', form)).toBe('enter a new location'));
    type('New location', 'x'.repeat(256), form);
    fireEvent.submit(form);
    await waitFor(() => expect(errorBeside('New location', form)).toBe('too long: at most 255 characters'));
    expect(document.body.textContent).not.toMatch(/printable/);
    const api = await admin.api('POST', '/v1/locations', { name: ' ' });
    expect(api.status).toBe(422);
    expect(((await api.json()) as { details: { fields: unknown } }).details.fields).toEqual({
      name: ['must not be empty'],
    });
  });
});

describe('Install', () => {
  it('keeps the token, price and currency when the screen is left and opened again', async () => {
    renderScreen(<Install />);
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Embed snippet' }).textContent).toMatch(/product="\d+"/),
    );
    type('Publishable token', 'pk_test_kept');
    type('Price (optional)', '65.00');
    type('Currency (optional)', 'aud');
    cleanup();
    renderScreen(<Install />);
    expect((screen.getByLabelText('Publishable token') as HTMLInputElement).value).toBe('pk_test_kept');
    expect((screen.getByLabelText('Price (optional)') as HTMLInputElement).value).toBe('65.00');
    expect(screen.getByRole('group', { name: 'Embed snippet' }).textContent).toContain(
      'token="pk_test_kept"\n  product="7001"\n  variant="8001"\n  price="65.00"\n  currency="AUD"',
    );
    // Signing out forgets it: the next shop's snippet never carries this one's token.
    session.value = null;
    expect(installDraft.value.token).toBe('');
  });

  it('with no products offers no snippet: it says to add a product first, with a link to Products', async () => {
    const list = (await (await admin.api('GET', '/v1/products')).json()) as { id: number }[];
    for (const p of list) expect((await admin.api('DELETE', `/v1/products/${p.id}`)).status).toBe(204);
    renderScreen(<Install />);
    const link = await screen.findByRole('link', { name: 'Go to Products' });
    expect(link.getAttribute('href')).toBe('#/products');
    expect(link.closest('p')!.textContent).toContain('Add a product first');
    expect(screen.queryByRole('group', { name: 'Embed snippet' })).toBeNull();
    expect(document.body.textContent).not.toContain('product="');
  });
});

describe('Tokens', () => {
  it('empties the form once a token is made, so the next Create is not the same token again', async () => {
    renderScreen(<Tokens />);
    const form = await screen.findByRole('form', { name: 'Create a token' });
    type('Label', 'Pop-up stall', form);
    type('Sites that may use it', 'https://stall.example', form);
    fireEvent.submit(form);
    await statusSays('A new publishable token was made: copy it now, it is shown only once.');
    expect((within(form).getByLabelText('Label') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Sites that may use it') as HTMLTextAreaElement).value).toBe('');
    const made = (await (await admin.api('GET', '/v1/tokens')).json()) as { label: string | null }[];
    expect(made.filter((t) => t.label === 'Pop-up stall')).toHaveLength(1);
  });
});

describe('Widgets', () => {
  it('a new widget offers at most what its products’ variants have (3 single kayaks), not the service’s 10', async () => {
    renderScreen(<Widgets />);
    fireEvent.click(await screen.findByRole('button', { name: 'New widget' }));
    const form = screen.getByRole('form', { name: 'New widget' });
    type('Title', 'Kayaks by the day', form);
    fireEvent.click(await within(form).findByLabelText('Kayak hire'));
    expect(form.textContent).toContain('Shoppers may book up to 3 at a time: the most any of these products has.');
    fireEvent.submit(form);
    await statusSays(/^Widget “Kayaks by the day” created/);
    const sent = requestsTo(admin, '/v1/widgets', 'POST').at(-1)!;
    expect(sent.body).toMatchObject({ settings: { quantity_max: 3 } });
    const widgets = (await (await admin.api('GET', '/v1/widgets')).json()) as {
      title: string;
      settings: { quantity_max: number };
    }[];
    expect(widgets.find((w) => w.title === 'Kayaks by the day')?.settings.quantity_max).toBe(3);
  });
});

describe('removals ask first', () => {
  it('a variant and a question are removed only after “Yes, …”; “Keep it” keeps them', async () => {
    renderScreen(<Products />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Double kayak' }));
    expect(screen.getByText('Delete Double kayak? This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(admin.sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Double kayak' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete Double kayak' }));
    await statusSays('Double kayak deleted.');

    screen.getByText('Questions asked when booking Kayak hire').closest('details')!.open = true;
    const questions = await screen.findByRole('form', { name: 'Questions of Kayak hire' });
    fireEvent.click(await within(questions).findByRole('button', { name: 'Add a question' }));
    type('Question', 'Paddle size', questions);
    fireEvent.click(within(questions).getByRole('button', { name: 'Remove question 1' }));
    expect(questions.textContent).toContain('Remove question 1 (“Paddle size”)?');
    fireEvent.click(within(questions).getByRole('button', { name: 'Keep it' }));
    expect(within(questions).getByLabelText('Question')).toBeTruthy();
    fireEvent.click(within(questions).getByRole('button', { name: 'Remove question 1' }));
    fireEvent.click(within(questions).getByRole('button', { name: 'Yes, remove question 1' }));
    await statusSays('Question 1 removed: save the questions of Kayak hire to keep the change.');
    expect(within(questions).queryByLabelText('Question')).toBeNull();
  });
});
