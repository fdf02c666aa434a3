/**
 * The sender loop every service process runs (cli.ts, start.ts): it claims due outbox rows
 * (leased, `FOR UPDATE SKIP LOCKED`), sends each and marks it sent in one short statement
 * right after the mail server accepted it.
 *
 * The guarantee, honestly: a message is never lost (it stays in the outbox until marked sent,
 * failed or unsent) and no two processes hold it at once. SMTP itself is at-least-once: a
 * process killed after the server accepted a message but before the mark commits leaves it
 * to be sent again once the lease runs out. Every copy of one row carries the same
 * Message-ID, so such a duplicate is recognisable (and many mail systems drop it).
 *
 * A row whose recipient is not one email address is held, before any mail server is asked
 * (recipient.ts): the mail library is never handed a list.
 * @module
 */
import { startPollLoop, workerName } from '../shared/poll-loop.ts';
import type { Database } from '../db/types.ts';
import { composeMail } from './compose.ts';
import type { MailSettings } from './mail-settings.ts';
import { claimDueMessages, markAttemptFailed, markHeld, markSent, markUnsent } from './queries.ts';
import { heldReason } from './recipient.ts';
import { writeDueReminders } from './reminder-queries.ts';

/** What one tick did. */
export interface TickResult {
  sent: number;
  retried: number;
  unsent: number;
  /** Held for good: the recipient is not one email address. */
  held: number;
}

/** The reason kept on a message when no mail server is configured. */
export const NO_MAIL_SERVER = 'not sent: no mail server';

/**
 * Messages sent per tick at most. Each is claimed on its own, just before it is sent: a lease
 * taken for a batch would run out for the batch's last rows while the first are sent, and
 * another process would send those too.
 */
const PER_TICK = 20;
/** The longest wait between two attempts at one message. */
const BACKOFF_CAP_MS = 3_600_000;

export { workerName };

/** Claims and sends what is due now, once (tests drive the loop with it). */
export async function sendDueMessages(
  db: Database,
  settings: MailSettings,
  worker: string = workerName(),
  logError: (error: unknown) => void = () => {},
): Promise<TickResult> {
  const result: TickResult = { sent: 0, retried: 0, unsent: 0, held: 0 };
  // Reminders now due become outbox rows first, so this tick sends them.
  await writeDueReminders(db);
  for (let n = 0; n < PER_TICK; n++) {
    const [row] = await claimDueMessages(db, worker, { leaseMs: settings.leaseMs, limit: 1 });
    if (!row) break;
    // Checked first, with or without a mail server: the merchant is told what to mend.
    const held = heldReason(row);
    if (held !== undefined) {
      await markHeld(db, row.id, worker, held);
      result.held++;
      continue;
    }
    if (!settings.transport) {
      await markUnsent(db, row.id, worker, NO_MAIL_SERVER);
      result.unsent++;
      continue;
    }
    try {
      await settings.transport.sendMail(composeMail(row, settings.from, row.createdAt, settings.links));
    } catch (error) {
      await markAttemptFailed(db, row.id, worker, error instanceof Error ? error.message : String(error), {
        maxAttempts: settings.maxAttempts,
        baseMs: settings.retryMs,
        capMs: BACKOFF_CAP_MS,
      });
      result.retried++;
      continue;
    }
    // The server has it: mark at once, so a crash from here on can duplicate only this one.
    if (await markSent(db, row.id, worker)) result.sent++;
    else logError(new Error(`message ${row.id} was sent after its lease ran out; another process may send it again`));
  }
  return result;
}

/** The running loop; `stop` waits for the message being sent to be marked. */
export interface RunningSender {
  stop(): Promise<void>;
}

/**
 * Sends due messages every `settings.pollMs` until stopped (at once again after a full batch).
 * A failed tick is logged and the next one tries again; the timer does not keep the process alive.
 */
export function startSender(
  db: Database,
  settings: MailSettings,
  logError: (error: unknown) => void = (error) => console.error('[booking-service] mail:', error),
): RunningSender {
  const worker = workerName();
  const loop = startPollLoop(
    async () => {
      const r = await sendDueMessages(db, settings, worker, logError);
      return r.sent + r.retried + r.unsent + r.held >= PER_TICK;
    },
    settings.pollMs,
    logError,
  );
  return {
    async stop() {
      await loop.stop();
      settings.transport?.close?.();
    },
  };
}
