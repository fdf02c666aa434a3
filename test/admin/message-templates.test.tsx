/**
 * The Templates part of the Messages screen (issue 31 point 3): the merchant edits a message's
 * subject and opening paragraph, sees the live preview (escaped, in a sandboxed frame), saves,
 * is told beside the field of a placeholder that does not exist, and resets in two steps.
 */
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MessageTemplates } from '../../src/admin/screens/MessageTemplates.tsx';
import { type AdminHarness, renderScreen, startAdmin } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  await admin.close();
});

const frame = () => screen.queryByTitle(/^Preview of the message/) as HTMLIFrameElement | null;

it('previews, saves and resets a template, escaping the merchant’s markup', async () => {
  renderScreen(<MessageTemplates />);
  const subject = (await screen.findByLabelText('Subject')) as HTMLInputElement;
  await waitFor(() => expect(frame()?.getAttribute('srcdoc')).toContain('Thank you for your booking.'));
  expect(frame()!.getAttribute('sandbox')).toBe('');

  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'customer_reminder' } });
  fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr' } });
  fireEvent.input(subject, { target: { value: 'À bientôt {first_name}' } });
  fireEvent.input(screen.getByLabelText('Opening paragraph'), { target: { value: '<b>Hello</b> {shop}' } });
  await waitFor(() => expect(frame()?.getAttribute('title')).toBe('Preview of the message: À bientôt Alex'));
  expect(frame()!.getAttribute('srcdoc')).toContain('&lt;b&gt;Hello&lt;/b&gt; Harbour Kayaks');
  expect(frame()!.getAttribute('srcdoc')).toContain('lang="fr"');

  fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
  await screen.findByText(/uses your words from now on/);
  const saved = (await (await admin.api('GET', '/v1/message-templates')).json()) as Array<Record<string, unknown>>;
  expect(saved.find((t) => t.kind === 'customer_reminder' && t.locale === 'fr')).toMatchObject({
    subject: 'À bientôt {first_name}',
    customized: true,
  });

  fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, use the default words' }));
  await screen.findByText(/uses the default words again/);
  expect(subject.value).toBe('');
  const after = (await (await admin.api('GET', '/v1/message-templates')).json()) as Array<Record<string, unknown>>;
  expect(after.filter((t) => t.customized)).toEqual([]);
});

it('says beside the field which placeholder does not exist, and saves nothing', async () => {
  renderScreen(<MessageTemplates />);
  const subject = await screen.findByLabelText('Subject');
  fireEvent.input(subject, { target: { value: 'Hi {firstname}' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
  await waitFor(() => expect(subject.getAttribute('aria-invalid')).toBe('true'));
  const described = document.getElementById(subject.getAttribute('aria-describedby')!.split(' ').pop()!)!;
  expect(described.textContent).toContain('{firstname}');
  const list = (await (await admin.api('GET', '/v1/message-templates')).json()) as Array<Record<string, unknown>>;
  expect(list.filter((t) => t.customized)).toEqual([]);
});
