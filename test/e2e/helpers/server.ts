/**
 * The demo storefront for the e2e suites, in-process on a real socket: the widget built once
 * per run, the booking API on a fresh in-memory PGlite loaded with the e2e fixture, the pages of
 * `public/`, all on `http://localhost:PORT` as `npm start` serves them (src/service/start.ts).
 *
 * Test controls: the service's clock can be moved forward (holds expire), the API can be made
 * to fail (503) and recover, and the test can talk to the API directly as another cart would.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../../src/service/app.ts';
import type { Clock } from '../../../src/service/clock.ts';
import { migrate } from '../../../src/service/db/migrate.ts';
import { MIGRATIONS } from '../../../src/service/db/migrations.ts';
import { openPglite } from '../../../src/service/db/pglite.ts';
import type { Database } from '../../../src/service/db/types.ts';
import { DEMO_PRICES, DEMO_SHOP } from '../../../src/service/demo/catalog.ts';
import { loadFixture } from '../../../src/service/fixture.ts';
import { listen } from '../../../src/service/server.ts';
import { createStorefront } from '../../../src/service/storefront/app.ts';
import { catalogFromFixture } from '../../../src/service/storefront/catalog.ts';
import type { PlainDate } from '../../../src/shared/plain-date.ts';
import { addStaff, OWNER } from '../../helpers/staff.ts';
import { E2E_NOW } from './clock.ts';
import { SECRET, e2eFixture, shopToday } from './fixture.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WIDGET_FILE = join(ROOT, 'dist/booking-widget.js');
const ADMIN_FILE = join(ROOT, 'dist/admin/index.html');
/** What the widget bundle is built from. */
const WIDGET_SOURCES = ['src/widget', 'src/client', 'src/shared'].map((d) => join(ROOT, d));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

let built = false;

/**
 * Builds `dist/booking-widget.js` with Vite when it is missing or older than its sources; once
 * per test process (files run one at a time, so later files find it fresh).
 */
export function ensureWidgetBuilt(): void {
  if (built) return;
  const sources = Math.max(...WIDGET_SOURCES.filter(existsSync).map(newestMtime));
  if (!existsSync(WIDGET_FILE) || statSync(WIDGET_FILE).mtimeMs < sources) {
    const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
    // The app's files first: the entry's build reads their names from the app build's manifest.
    for (const args of [['build'], ['build', '--mode', 'entry']]) {
      const result = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 120_000,
      });
      if (result.status !== 0) {
        throw new Error(
          `The widget does not build (vite ${args.join(' ')} exited ${result.status}):\n${result.stdout}\n${result.stderr}`,
        );
      }
    }
  }
  // The merchant admin: its own build, from its own sources and the client's.
  const adminSources = Math.max(
    ...['src/admin', 'src/client', 'src/shared']
      .map((d) => join(ROOT, d))
      .filter(existsSync)
      .map(newestMtime),
  );
  if (!existsSync(ADMIN_FILE) || statSync(ADMIN_FILE).mtimeMs < adminSources) {
    const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
    const result = spawnSync(process.execPath, [vite, 'build', '--mode', 'admin', '--logLevel', 'warn'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (result.status !== 0)
      throw new Error(`The admin does not build (exited ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  built = true;
}

/**
 * A fresh, migrated in-memory PGlite. Creating one runs initdb (seconds on a busy 2-core
 * machine), so the first suite of a run dumps one to the temp folder, keyed by the PGlite
 * version and the migrations' SQL, and later suites (and runs) start from that copy.
 */
async function freshDatabase(): Promise<Database> {
  const pgliteVersion = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ).version;
  // Keyed by the migrations' SQL itself, not by one source file: a migration's SQL may live in
  // a module of its own (hold_items), and a copy migrated by other SQL must never be reused.
  const key = createHash('sha256').update(pgliteVersion).update(JSON.stringify(MIGRATIONS)).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'booking-widget-e2e');
  const file = join(dir, `pglite-${key}.tar`);
  if (existsSync(file)) {
    try {
      const db = await openPglite('memory', new Blob([readFileSync(file)]));
      await migrate(db);
      return db;
    } catch {
      // A damaged copy: make a new one below.
    }
  }
  const db = (await openPglite('memory')) as Database & { dump?: () => Promise<Blob> };
  await migrate(db);
  if (db.dump) {
    const dump = Buffer.from(await (await db.dump()).arrayBuffer());
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, dump);
    renameSync(tmp, file);
  }
  return db;
}

/**
 * The service's clock: the real one (or, with `E2E_NOW`, one that started at that instant and
 * runs at the real pace), moved forward on demand (a hold's minutes pass at once), or frozen at
 * an instant while a test needs it to stand still.
 */
export interface SkewedClock extends Clock {
  /** Moves the clock forward by `ms` (frozen or not). */
  advance(ms: number): void;
  /** Stops the clock at `at` (epoch ms) until `thaw`. */
  freeze(at: number): void;
  /** Lets the clock run again from where it stands. */
  thaw(): void;
}

/** A clock running from `start` (epoch ms; the host's time by default, or `E2E_NOW`'s). */
export function skewedClock(start: number | undefined = E2E_NOW): SkewedClock {
  let skew = start === undefined ? 0 : start - Date.now();
  let frozen: number | undefined;
  const now = () => frozen ?? Date.now() + skew;
  return {
    now,
    // The test's clock is the database's "now" for holds too (see shared/clock.ts), so moving it
    // runs holds out in the service as the shopper's page sees them run out.
    sqlNow: now,
    advance(ms) {
      if (frozen !== undefined) frozen += ms;
      else skew += ms;
    },
    freeze(at) {
      frozen = at;
    },
    thaw() {
      if (frozen !== undefined) skew = frozen - Date.now();
      frozen = undefined;
    },
  };
}

/** A running storefront. */
export interface E2eServer {
  /** `http://localhost:PORT` */
  url: string;
  port: number;
  /** Today in the shop's zone when the server started, by its clock (`E2E_NOW`'s day, when set). */
  today: PlainDate;
  clock: SkewedClock;
  /** Every API request the server answered: method, path and status, in order. */
  apiLog: { method: string; path: string; status: number }[];
  /** While true, every `/v1` request (preflights too) answers 503. */
  apiDown: boolean;
  /** Errors the service logged as unexpected (500s); a suite asserts none. */
  serviceErrors: unknown[];
  /** Calls the API as a server would, with the secret token; resolves to status and JSON body. */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** The service's database, for setups no API of the service offers a test (shared resources). */
  db: Database;
  close(): Promise<void>;
}

/** Options of `startStorefront`. */
export interface StartOptions {
  /** Hold length of every widget, in minutes. @default the fixture's */
  holdMinutes?: number;
}

/** Builds the widget if needed and starts the storefront on a free port. */
export async function startStorefront(options: StartOptions = {}): Promise<E2eServer> {
  ensureWidgetBuilt();
  const db = await freshDatabase();
  const clock = skewedClock();
  const serviceErrors: unknown[] = [];
  const app = createApp({
    db,
    clock,
    rateLimit: false,
    logError: (e) => serviceErrors.push(e),
    adminDir: join(ROOT, 'dist/admin'),
  });

  let loaded!: () => void;
  const ready = new Promise<void>((resolve) => (loaded = resolve));
  // The catalogue does not depend on the dates or origins: build it from a placeholder fixture.
  const catalog = catalogFromFixture(e2eFixture({ origins: [], today: shopToday(clock.now()) }), DEMO_PRICES);
  const storefront = createStorefront({
    api: app,
    publicDir: join(ROOT, 'public'),
    widgetDir: join(ROOT, 'dist'),
    extensionAssetsDir: join(ROOT, 'src/shopify/extension/assets'),
    catalog,
    currency: DEMO_SHOP.currency,
  });

  const apiLog: E2eServer['apiLog'] = [];
  const state = { apiDown: false };
  const server = await listen(
    async (request) => {
      await ready;
      const path = new URL(request.url).pathname;
      const isApi = path === '/v1' || path.startsWith('/v1/');
      if (isApi && state.apiDown) {
        apiLog.push({ method: request.method, path, status: 503 });
        return new Response(JSON.stringify({ error: 'internal', message: 'The test made the API fail.' }), {
          status: 503,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'access-control-allow-origin': request.headers.get('origin') ?? '*',
          },
        });
      }
      const response = await storefront.fetch(request);
      if (isApi) apiLog.push({ method: request.method, path, status: response.status });
      return response;
    },
    { port: 0, hostname: '127.0.0.1' },
  );
  const origins = [`http://localhost:${server.port}`, `http://127.0.0.1:${server.port}`];
  const today = shopToday(clock.now());
  await loadFixture(db, e2eFixture({ origins, today, holdMinutes: options.holdMinutes }));
  // The shop's owner, as the admin's tests sign in (helpers/admin.ts signIn).
  await addStaff(db, { ...OWNER, role: 'owner' });
  loaded();

  const url = `http://localhost:${server.port}`;
  return {
    url,
    port: server.port,
    today,
    clock,
    apiLog,
    serviceErrors,
    db,
    get apiDown() {
      return state.apiDown;
    },
    set apiDown(down: boolean) {
      state.apiDown = down;
    },
    async api(method, path, body) {
      const response = await app.fetch(
        new Request(`${url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${SECRET}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? null : JSON.stringify(body),
        }),
      );
      const text = await response.text();
      let json: unknown = text;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON: keep the text for the failure message
      }
      return { status: response.status, body: json };
    },
    async close() {
      await server.close();
      await db.close();
    },
  };
}

/**
 * Another cart holds `quantity` of `variant` from `start` (one day, or until `finish`
 * exclusive) through the API; throws with the API's answer unless the hold is made.
 */
export async function holdForAnotherCart(
  server: E2eServer,
  cartToken: string,
  items: { variant: number; start: PlainDate; finish?: PlainDate; quantity: number }[],
): Promise<void> {
  const { status, body } = await server.api('POST', '/v1/reservations', {
    cart_token: cartToken,
    items: items.map((i) => ({
      external_id: String(i.variant),
      start: i.start,
      ...(i.finish ? { finish: i.finish } : {}),
      quantity: String(i.quantity),
    })),
  });
  if (status !== 200 && status !== 201) {
    throw new Error(
      `Another cart could not hold ${JSON.stringify(items)}: POST /v1/reservations answered ${status} ${JSON.stringify(body)}`,
    );
  }
}
