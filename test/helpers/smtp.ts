/**
 * A real SMTP server in the test process (`smtp-server`), with what arrives parsed by
 * `mailparser`. `refuse(n)` makes it answer the next n messages with a 451 (try again later);
 * `stall(n)` leaves the next n recipients unanswered, as a server that hangs mid-send.
 * `recipients` is every RCPT TO address a client gave, so a test can prove none was asked for.
 */
import { type ParsedMail, simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type MailSettings, smtpTransport } from '../../src/service/messages/mail-settings.ts';

/** A running test mail server. */
export interface TestSmtp {
  /** `smtp://127.0.0.1:PORT` for SMTP_URL. */
  url: string;
  /** Every message accepted, parsed, in arrival order. */
  received: ParsedMail[];
  /** Every RCPT TO address given, accepted or not, in order (the envelope, not the headers). */
  recipients: string[];
  /** How many messages were refused so far. */
  refused(): number;
  /** Refuses the next `count` messages (451). */
  refuse(count: number): void;
  /** Never answers the next `count` RCPT TO commands; `stalled()` counts those met. */
  stall(count: number): void;
  stalled(): number;
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** Starts a server on a free port of 127.0.0.1 that accepts any sender and recipient. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const recipients: string[] = [];
  let refuseNext = 0;
  let refusedCount = 0;
  let stallNext = 0;
  let stalledCount = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onRcptTo(address, _session, done) {
      recipients.push(address.address);
      if (stallNext > 0) {
        stallNext--;
        stalledCount++;
        return; // no answer: the client waits until it gives up or dies
      }
      done();
    },
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext--;
          refusedCount++;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          done(error);
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          done();
          for (const wake of waiters.splice(0)) wake();
        }, done);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    recipients,
    refused: () => refusedCount,
    refuse: (count) => {
      refuseNext = count;
    },
    stall: (count) => {
      stallNext = count;
    },
    stalled: () => stalledCount,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, ${received.length} arrived`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The sender's settings against `smtp`: the demo shop's From, a quick poll and a long lease, 3
 * attempts. `overrides` changes what a test is about (the retry delay, the manage links).
 */
export function testMailSettings(smtp: TestSmtp, overrides: Partial<MailSettings> = {}): MailSettings {
  return {
    transport: smtpTransport(smtp.url, 20_000),
    from: 'Harbour Kayaks <bookings@harbour.example>',
    pollMs: 50,
    leaseMs: 20_000,
    retryMs: 300,
    maxAttempts: 3,
    ...overrides,
  };
}
