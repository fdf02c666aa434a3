// Exactly once across processes (issue 31 point 1): two real service processes on one
// PostgreSQL database share one SMTP server; each message arrives once (counted by
// Message-ID). A process killed (SIGKILL) while it holds a claim loses it when the lease runs
// out, and the other process sends the message. PostgreSQL only: PGlite is one process's.
// These run in the UTC project only: they test processes, not zones.
import { afterEach, expect, it } from 'vitest';
import type { Database } from '../../../src/service/db/types.ts';
import { buildCli, type RunningCli, startCli, tempDir, writeFixture } from '../../helpers/cli-process.ts';
import { describePostgres } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createPostgresDatabase } from '../../helpers/postgres.ts';
import { startTestSmtp, type TestSmtp } from '../../helpers/smtp.ts';

const ONLY_ONCE = process.env.TZ !== undefined && process.env.TZ !== 'UTC';

/** Writes `count` confirmed bookings of shop 1 in one transaction, as any code may. */
async function insertBookings(db: Database, count: number): Promise<void> {
  await db.query(
    `WITH made AS (
       INSERT INTO bookings (shop_id, status, starts_at, finishes_at, start_day, finish_day, customers, created_at)
       SELECT s.id, 'confirmed', '2027-03-01T00:00:00Z', '2027-03-02T00:00:00Z', '2027-03-01', '2027-03-02',
              jsonb_build_array(jsonb_build_object('first_name', 'Guest', 'last_name', n::text,
                                                   'email', 'guest' || n || '@example.com')), now()
         FROM shops s, generate_series(1, $1) n WHERE s.name = 'Harbour Kayaks'
       RETURNING id)
     INSERT INTO booking_items (booking_id, variant_id, quantity)
     SELECT made.id, v.id, 1 FROM made, variants v WHERE v.external_id = 8003`,
    [count],
  );
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describePostgres('The outbox with several service processes', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
  });

  async function setUp(): Promise<{ db: Database; url: string; smtp: TestSmtp; start: () => Promise<RunningCli> }> {
    const pg = await createPostgresDatabase(3);
    cleanup.push(
      () => pg.drop(),
      () => pg.db.close(),
    );
    const smtp = await startTestSmtp();
    cleanup.push(() => smtp.close());
    const cli = buildCli();
    const fixture = writeFixture(testFixture);
    const start = async () => {
      const running = await startCli(cli, {
        data: tempDir('outbox'),
        fixture,
        databaseUrl: pg.url,
        env: {
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Harbour Kayaks <bookings@harbour.example>',
          MAIL_POLL_MS: '25',
          MAIL_LEASE_MS: '4000',
        },
      });
      cleanup.push(async () => {
        running.child.kill('SIGKILL');
        await running.exited;
      });
      return running;
    };
    return { db: pg.db, url: pg.url, smtp, start };
  }

  it.skipIf(ONLY_ONCE)(
    'sends each message once when two processes send from one outbox',
    async () => {
      const { db, smtp, start } = await setUp();
      await Promise.all([start(), start()]);
      await db.query(`UPDATE shops SET notify_email = 'desk@harbour.example' WHERE name = 'Harbour Kayaks'`);
      await insertBookings(db, 40);
      await smtp.waitFor(80, 60_000);
      await until(
        async () => (await db.query(`SELECT 1 FROM outbox_messages WHERE state <> 'sent'`)).rows.length === 0,
        10_000,
        'every row marked sent',
      );
      // Time for a duplicate to show up, had a row been sent twice.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const perMessageId = new Map<string, number>();
      for (const mail of smtp.received) perMessageId.set(mail.messageId!, (perMessageId.get(mail.messageId!) ?? 0) + 1);
      expect(smtp.received).toHaveLength(80);
      expect(perMessageId.size).toBe(80);
      expect([...perMessageId.values()].every((count) => count === 1)).toBe(true);
      const { rows } = await db.query<{ attempts: number }>('SELECT DISTINCT attempts FROM outbox_messages');
      expect(rows).toEqual([{ attempts: 1 }]);
      // Both processes sent: the claims did keep two live senders apart.
      const senders = await db.query('SELECT DISTINCT claimed_by FROM outbox_messages');
      expect(senders.rows).toHaveLength(2);
    },
    120_000,
  );

  it.skipIf(ONLY_ONCE)(
    'has another process send a message whose process was killed while sending it',
    async () => {
      const { db, smtp, start } = await setUp();
      const first = await start();
      smtp.stall(1);
      await insertBookings(db, 1); // the shop has no notify address: one message, the customer's
      await until(async () => smtp.stalled() === 1, 15_000, 'the first process to be mid-send');
      const claim = await db.query<{ claimed_until: Date }>(
        `SELECT claimed_until FROM outbox_messages WHERE state = 'pending' AND claimed_by IS NOT NULL`,
      );
      expect(claim.rows).toHaveLength(1);
      first.child.kill('SIGKILL');
      expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
      await start();
      const [mail] = await smtp.waitFor(1, 30_000);
      await until(
        async () => (await db.query(`SELECT 1 FROM outbox_messages WHERE state = 'sent'`)).rows.length === 1,
        5000,
        'the row marked sent',
      );
      // Not before the dead process's lease ran out, by the database's clock.
      const { rows } = await db.query<{ after_lease: boolean; state: string; attempts: number }>(
        `SELECT sent_at >= $1::timestamptz AS after_lease, state, attempts FROM outbox_messages`,
        [claim.rows[0]!.claimed_until],
      );
      expect(rows).toEqual([{ after_lease: true, state: 'sent', attempts: 2 }]);
      expect(mail!.to).toMatchObject({ text: 'guest1@example.com' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.received).toHaveLength(1);
    },
    120_000,
  );
});
