/**
 * The "Forgot password?" email (issue 38 point 3): a password reset link goes out at once through
 * the mail server booking messages use (`SMTP_URL`, `MAIL_FROM`: messages/mail-settings.ts), not
 * through the outbox: the outbox is the shop's Messages screen, which every member of staff
 * reads, and a reset link must reach only its address. Without a mail server it is printed on
 * the service's output, where `npm start` and `npm run service` print the owner's one-time link:
 * the one who runs the service reads it there.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { domainOf } from '../messages/compose.ts';
import type { MailSettings } from '../messages/mail-settings.ts';

/** One reset email: to whom, their name, the shop's name and the link. */
export interface ResetMail {
  to: string;
  name: string;
  shop: string;
  link: string;
}

/** Sends (or prints) one reset email; resolves once the mail server has it. */
export type ResetMailer = (mail: ResetMail) => Promise<void>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The words of the email. */
function wordsOf(mail: ResetMail): { subject: string; lines: string[] } {
  return {
    subject: `Choose a new password for ${mail.shop}`,
    lines: [
      `Hello ${mail.name || mail.to},`,
      `someone (we hope you) asked to choose a new password for the bookings admin of ${mail.shop}.`,
      'Open this link to choose it. It works once, for 30 minutes:',
      mail.link,
      'If you did not ask, ignore this email: your password stays as it is.',
    ],
  };
}

/**
 * The mailer of `settings`: through its transport, or, without one (no `SMTP_URL`), printed by
 * `print` (the service's output).
 */
export function resetMailer(
  settings: Pick<MailSettings, 'transport' | 'from'>,
  print: (line: string) => void = (line) => console.log(line),
): ResetMailer {
  return async (mail) => {
    const { subject, lines } = wordsOf(mail);
    if (!settings.transport) {
      print(
        `Password reset for ${mail.to} (${mail.shop}), not emailed (no mail server: SMTP_URL): ${mail.link}  (works once, 30 minutes)`,
      );
      return;
    }
    await settings.transport.sendMail({
      from: settings.from,
      to: mail.to,
      subject,
      text: `${lines.join('\n\n')}\n`,
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
      messageId: `<reset-${randomUUID()}@${domainOf(settings.from)}>`,
      attachments: [],
    });
  };
}
