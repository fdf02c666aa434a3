/**
 * How the service sends mail, read from the environment (README "Configuration", docs/operations.md):
 *
 * - `SMTP_URL`: the mail server, e.g. `smtps://user:password@smtp.example.com` or
 *   `smtp://127.0.0.1:2525`; without it no mail is sent and messages are kept as
 *   "not sent: no mail server", shown in the admin's Messages screen.
 * - `MAIL_FROM`: the From address, e.g. `Harbour Kayaks <bookings@harbour.example>`; its
 *   domain ends every Message-ID. Required with `SMTP_URL`.
 * - `MAIL_POLL_MS` (default 2000), `MAIL_LEASE_MS` (60000), `MAIL_RETRY_MS` (first retry's
 *   wait, doubled each time up to an hour; 30000), `MAIL_MAX_ATTEMPTS` (8).
 * @module
 */
import nodemailer from 'nodemailer';
import type { ManageLinks } from '../manage/link.ts';
import { isOneEmailAddress } from '../shared/email-address.ts';
import type { ComposedMail } from './compose.ts';

/** What sends one email; resolves once the server has accepted it. */
export interface MailTransport {
  sendMail(mail: ComposedMail): Promise<unknown>;
  close?(): void;
}

/** The sender's settings. */
export interface MailSettings {
  /** null: no mail server; messages are kept unsent. */
  transport: MailTransport | null;
  from: string;
  pollMs: number;
  leaseMs: number;
  retryMs: number;
  maxAttempts: number;
  /** Where customers' manage links point and their key (start.ts, cli.ts); without, messages carry none. */
  links?: ManageLinks;
}

/** The From address used when none is configured (messages are then never sent). */
export const DEFAULT_FROM = 'Bookings <bookings@booking-service.invalid>';

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a whole number of milliseconds or attempts above 0, not ${raw}`);
  return value;
}

/**
 * A transport for `url` whose timeouts stay well inside the lease (`leaseMs`), so a process
 * never sends a message whose claim another process may already have taken over. It refuses a
 * mail whose `to` is not one email address before nodemailer (which takes lists) sees it: the
 * sender holds such rows first (recipient.ts), so this only guards against another caller.
 */
export function smtpTransport(url: string, leaseMs: number): MailTransport {
  const timeout = Math.max(1000, Math.floor(leaseMs / 4));
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    sendMail: (mail) =>
      isOneEmailAddress(mail.to)
        ? transport.sendMail(mail)
        : Promise.reject(new Error(`not sent: '${mail.to}' is not one email address`)),
    close: () => transport.close(),
  };
}

/** The settings `env` gives (process.env in the service). */
export function mailSettingsFromEnv(env: Record<string, string | undefined>): MailSettings {
  const leaseMs = positive(env, 'MAIL_LEASE_MS', 60_000);
  const url = env.SMTP_URL?.trim();
  const from = env.MAIL_FROM?.trim();
  if (url && !from)
    throw new Error('MAIL_FROM must be set with SMTP_URL, e.g. MAIL_FROM="Your shop <bookings@example.com>"');
  return {
    transport: url ? smtpTransport(url, leaseMs) : null,
    from: from || DEFAULT_FROM,
    pollMs: positive(env, 'MAIL_POLL_MS', 2000),
    leaseMs,
    retryMs: positive(env, 'MAIL_RETRY_MS', 30_000),
    maxAttempts: positive(env, 'MAIL_MAX_ATTEMPTS', 8),
  };
}

/** The mail server of `SMTP_URL` as it may be printed: its scheme, host and port, no password. */
export function smtpServerOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'the mail server of SMTP_URL';
  }
}
