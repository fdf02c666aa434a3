/**
 * `npm run service -- --port 8787 --data <folder|memory> --fixture <file.json>` (API.md §8):
 * the API alone. The first line printed is the URL it listens on. `DATABASE_URL` selects
 * PostgreSQL instead of PGlite. The fixture seeds a shop the database does not have yet; a later
 * start leaves a shop the database has exactly as it is (`seedFixture`: what the merchant
 * changed through the API stays).
 *
 * `--create-shop "Name" --tz Europe/Berlin [--locale de]` makes a shop without a fixture
 * (shops/create.ts) before serving, and prints its secret token (once) and a one-time admin
 * sign-in link after the URL. On a database with no shop, the service says how.
 * `--owner-link "Name"` prints a fresh one-time link for an existing shop's owner after the URL
 * (admin/owner-link.ts): the way back for an owner with no password, or who forgot it.
 * `PUBLIC_URL` or `--public-url`: the service's address behind a TLS proxy (http/own-origin.ts).
 * `SMTP_URL` and `MAIL_FROM`: the mail server booking messages go out through
 * (messages/mail-settings.ts); without them messages are kept, unsent, for the admin to show.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { resetMailer } from './admin/reset-mail.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { FixtureError, seedFixture } from './fixture.ts';
import { ownerLinkCode } from './admin/owner-link.ts';
import { publicOriginOf } from './http/own-origin.ts';
import { type CreatedShop, CreateShopError, createShop, hasNoShop, readNewShop } from './shops/create.ts';
import { schedulePurge } from './reservations/purge.ts';
import { mailSettingsFromEnv } from './messages/mail-settings.ts';
import { manageSecret } from './manage/secret-queries.ts';
import { startSender } from './messages/sender.ts';
import { importSettingsFromEnv, startCalendarImports } from './calendar-imports/poller.ts';
import { databaseClock, watchClockSkew } from './time/database-clock.ts';
import { listen } from './server.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: '.data' },
      'public-url': { type: 'string', default: process.env.PUBLIC_URL || undefined },
      fixture: { type: 'string' },
      'create-shop': { type: 'string' },
      'owner-link': { type: 'string' },
      tz: { type: 'string' },
      locale: { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0-65535, not ${values.port}`);
  const publicOrigin = values['public-url'] ? publicOriginOf(values['public-url']) : undefined;
  // The options are checked before the database opens: a typo fails at once.
  const newShop =
    values['create-shop'] === undefined
      ? undefined
      : readNewShop({ name: values['create-shop'], tz: values.tz, locale: values.locale });
  if (!newShop && (values.tz !== undefined || values.locale !== undefined))
    throw new CreateShopError('--tz and --locale go with --create-shop "Name".');
  const fixture = values.fixture === undefined ? undefined : await readFixture(values.fixture);
  // A bad mail setting fails here, before the database opens.
  const mail = mailSettingsFromEnv(process.env);
  const db = await openDatabase({ url: process.env.DATABASE_URL, data: values.data });
  await migrate(db);
  let created: CreatedShop | undefined;
  let empty = false;
  let ownerCode: string | undefined;
  try {
    // A shop already in the database keeps what the merchant made of it (only tokens refresh).
    if (fixture !== undefined) await seedFixture(db, fixture);
    if (newShop) created = await createShop(db, newShop);
    else empty = fixture === undefined && (await hasNoShop(db));
    if (values['owner-link'] !== undefined) ownerCode = await ownerLinkCode(db, values['owner-link'], null);
  } catch (error) {
    await db.close();
    throw error;
  }
  // The database's clock dates every answer; a host whose clock is off says so in the log.
  const clock = databaseClock(db);
  const stopWatchingClock = await watchClockSkew(clock);
  const server = await listen(
    createApp({
      db,
      clock,
      trustProxyHeader: process.env.TRUST_PROXY_HEADER,
      publicUrl: values['public-url'],
      mailFrom: mail.from,
      resetMail: resetMailer(mail),
      manageLinkSecret: process.env.MANAGE_LINK_SECRET,
      adminDir: fileURLToPath(new URL('../../dist/admin', import.meta.url)),
      widgetDir: fileURLToPath(new URL('../../dist', import.meta.url)),
    }).fetch,
    { port, hostname: values.host },
  );
  // Reservations expired long ago are deleted hourly (reservations/purge.ts); bookings never.
  const stopPurging = schedulePurge(db);
  // The outbox's sender (messages/sender.ts): every process sends; claims keep them apart.
  // Customers' messages link to their manage page at the public address (or this one).
  const links = {
    baseUrl: publicOrigin ?? `http://localhost:${server.port}`,
    secret: await manageSecret(db, process.env.MANAGE_LINK_SECRET),
  };
  const sender = startSender(db, { ...mail, links });
  // Other sites' calendars blocking variants (calendar-imports/poller.ts), fetched by every process.
  const imports = startCalendarImports(db, importSettingsFromEnv(process.env));
  const stop = async () => {
    stopPurging();
    await sender.stop();
    await imports.stop();
    stopWatchingClock();
    await server.close();
    await db.close();
    process.exit(0);
  };
  // Before anything is printed: a caller that reads the URL may stop us at once, and a signal
  // that comes before the handlers would end the process without closing the database.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(server.url);
  const base = publicOrigin ?? server.url;
  if (created) {
    console.log(
      [
        `Shop "${created.name}" created (${created.tz}, ${created.locale}).`,
        `  Secret token    ${created.token}  (shown this once: keep it; for servers only, never in a page)`,
        `  Merchant admin  ${base}/admin/sign-in/${created.signInCode}  (one-time link, 10 minutes)`,
      ].join('\n'),
    );
  } else if (empty) {
    console.log(
      'No shop yet: stop and run  npm run service -- --create-shop "Your shop" --tz Europe/Berlin [--locale en]  (or start with --fixture <file.json>).',
    );
  }
  if (ownerCode)
    console.log(
      `Owner of "${values['owner-link']}"  ${base}/admin/sign-in/${ownerCode}  (one-time link, 10 minutes; then set a password under Staff, Your account)`,
    );
}

/** The fixture file's JSON; an error names the file and what is wrong with it. */
async function readFixture(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the fixture ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`The fixture ${file} is not JSON: ${(error as Error).message}`);
  }
}

main().catch((error: unknown) => {
  // A bad fixture is the user's to fix: say which file and where, without a stack trace.
  console.error(
    error instanceof FixtureError
      ? `The fixture is not valid: ${error.message}`
      : error instanceof Error
        ? error.message
        : error,
  );
  process.exit(1);
});
