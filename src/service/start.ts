/**
 * `npm start`: the booking service, the widget file and the demo storefront on one port.
 *
 * - Port: `PORT` or `--port` (default 8787; 0 = any free port). Host: `HOST` or `--host`
 *   (default 127.0.0.1: the demo prints a secret token, so it is not offered to the network
 *   unless asked).
 * - Database: `DATABASE_URL` (PostgreSQL), else PGlite in `--data` (default `.data/`).
 * - Data: `--fixture` (default the demo fixture) seeds a new database and nothing more: a
 *   shop the database has is left as the merchant's API calls made it. The demo pages are
 *   served by this server, so their requests are same-origin whatever the port (a publishable
 *   token's `origins` are for other sites).
 * - Mail: `SMTP_URL` and `MAIL_FROM` (messages/mail-settings.ts); without them booking messages
 *   are kept unsent and shown in the admin's Messages screen, as the printed lines say.
 * - Ctrl-C (SIGINT) or SIGTERM: stop accepting, finish open requests, close the database.
 * @module
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApp } from './app.ts';
import { resetMailer } from './admin/reset-mail.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { DEMO_PRICES, DEMO_SHOP } from './demo/catalog.ts';
import type { Fixture } from './fixture.ts';
import { schedulePurge } from './reservations/purge.ts';
import { mailSettingsFromEnv, smtpServerOf } from './messages/mail-settings.ts';
import { startSender } from './messages/sender.ts';
import { importSettingsFromEnv, startCalendarImports } from './calendar-imports/poller.ts';
import { databaseClock, watchClockSkew } from './time/database-clock.ts';
import { seedFixture } from './shops/fixture.ts';
import { newSignInCode } from './admin/sessions.ts';
import { secretTokenOfShop } from './admin/queries.ts';
import { listen } from './server.ts';
import { publicOriginOf } from './http/own-origin.ts';
import { manageSecret } from './manage/secret-queries.ts';
import { createStorefront, TOUR_PAGE } from './storefront/app.ts';
import { catalogFromFixture } from './storefront/catalog.ts';

// This file runs as src/service/start.ts (tests, tsx) or dist/service/start.js: both sit two
// folders below the repository root.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const path = (p: string) => `${ROOT}${p}`;

/** Hides the password of a database URL before it is printed. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '8787' },
      host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
      data: { type: 'string', default: '.data' },
      'public-url': { type: 'string', default: process.env.PUBLIC_URL || undefined },
      fixture: { type: 'string', default: path('src/service/demo/demo-fixture.json') },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, not ${values.port}`);

  const fixture = JSON.parse(await readFile(values.fixture, 'utf8')) as Fixture;
  const mail = mailSettingsFromEnv(process.env);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const db = await openDatabase({ url: databaseUrl, data: values.data });
  await migrate(db);
  // The database's clock dates every answer; a host whose clock is off says so in the log.
  const clock = databaseClock(db);
  const stopWatchingClock = await watchClockSkew(clock);

  const widgetFile = path('dist/booking-widget.js');
  const storefront = createStorefront({
    api: createApp({
      db,
      clock,
      trustProxyHeader: process.env.TRUST_PROXY_HEADER,
      publicUrl: values['public-url'],
      mailFrom: mail.from,
      resetMail: resetMailer(mail),
      manageLinkSecret: process.env.MANAGE_LINK_SECRET,
      adminDir: path('dist/admin'),
    }),
    publicDir: path('public'),
    widgetDir: path('dist'),
    extensionAssetsDir: path('src/shopify/extension/assets'),
    catalog: catalogFromFixture(fixture, DEMO_PRICES),
    currency: DEMO_SHOP.currency,
  });

  // Requests wait for the fixture instead of meeting a half-loaded shop.
  let ready!: () => void;
  const loaded = new Promise<void>((resolve) => (ready = resolve));
  const server = await listen(
    async (request, env) => {
      await loaded;
      return storefront.fetch(request, env);
    },
    { port, hostname: values.host },
  );
  const first = (await seedFixture(db, fixture)).length > 0;
  ready();

  // Reservations expired long ago are deleted hourly (reservations/purge.ts); bookings never.
  const stopPurging = schedulePurge(db);
  // Booking messages: sent from the outbox, or kept for the admin's Messages screen.
  // Customers' messages link to their manage page at the public address (or this one).
  const links = {
    baseUrl: values['public-url'] ? publicOriginOf(values['public-url']) : `http://localhost:${server.port}`,
    secret: await manageSecret(db, process.env.MANAGE_LINK_SECRET),
  };
  const sender = startSender(db, { ...mail, links });
  // Other sites' calendars blocking variants (calendar-imports/poller.ts), fetched by every process.
  const imports = startCalendarImports(db, importSettingsFromEnv(process.env));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(130); // a second Ctrl-C does not wait
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    // A browser tab can hold a request open; do not wait for it forever.
    setTimeout(() => process.exit(0), 5000).unref();
    stopPurging();
    stopWatchingClock();
    await sender.stop();
    await imports.stop();
    await server.close();
    await db.close();
    process.exit(0);
  };
  // Before anything is printed: a caller that reads the URL may stop us at once, and a signal
  // that comes before the handlers would end the process without closing the database.
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const url = `http://localhost:${server.port}`;
  // Behind a TLS proxy the admin works only at its public address (PUBLIC_URL).
  const adminBase = values['public-url'] ? publicOriginOf(values['public-url']) : url;
  // The merchant admin, signed in as the demo shop by a link that works once for 10 minutes.
  const adminToken = fixture.shops[0] && (await secretTokenOfShop(db, fixture.shops[0].name));
  const adminLink =
    adminToken === undefined
      ? `${adminBase}/admin/`
      : `${adminBase}/admin/sign-in/${await newSignInCode(db, adminToken, null)}`;
  const lines = [
    `Booking service and demo storefront: ${url}`,
    `  Merchant admin               ${adminLink}${adminToken === undefined ? '' : '  (one-time link, 10 minutes)'}`,
    `  Product page (Shopify-like)  ${url}/  (kayak hire, by the day)`,
    `  Tour page (times of day)     ${url}${TOUR_PAGE}  (guided paddle tour, 09:00 and 13:00)`,
    `  Strict-CSP page              ${url}/hostile.html`,
    `  API                          ${url}/v1  (reference: ${url}/docs, OpenAPI: ${url}/v1/openapi.json)`,
    `  Widget                       ${url}/booking-widget.js${existsSync(widgetFile) ? '' : '  (not built: run npm run build)'}`,
    `  Mail                         ${mail.transport ? `${smtpServerOf(process.env.SMTP_URL ?? '')}, from ${mail.from}` : "no mail server (SMTP_URL): messages are not sent, the admin's Messages screen shows them"}`,
    `  Database                     ${databaseUrl ? redact(databaseUrl) : `PGlite in ${values.data}`}${first ? ' (fixture loaded)' : ''}`,
  ];
  for (const shop of fixture.shops) {
    lines.push(`  Tokens of "${shop.name}":`);
    for (const t of shop.tokens ?? []) {
      // The demo pages are same-origin on any port; the origins are other sites the token serves.
      const others = t.origins?.length ? `; other sites allowed: ${t.origins.join(', ')}` : '';
      lines.push(
        t.kind === 'publishable'
          ? `    publishable  ${t.token}  (for this server's pages on any port${others})`
          : `    secret       ${t.token}  (for servers only, never in a page)`,
      );
    }
  }
  lines.push('Press Ctrl-C to stop.');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
