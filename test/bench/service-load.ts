/**
 * Service: the v1 API in a child process on 127.0.0.1 (rate limits off), on PGlite and on
 * PostgreSQL, loaded from this process over keep-alive sockets. Per engine: a bare Hono JSON
 * endpoint (the yardstick), GET /v1/widgets, GET /v1/blackouts (250 per page), GET
 * /v1/availability (six weeks), POST /v1/reservations under contention (many carts, three
 * dates), first as fast as it goes at a fixed concurrency, then open-loop at the target's
 * 500/s; after the run, the database is asked whether any day is held beyond its capacity.
 * @module
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { closedLoop, type LoadResult, openLoop, serverErrors, type Shot } from './load.ts';
import { probeLockShapes } from './lock-probe.ts';
import { repeatView } from './repeat-view.ts';
import { measureLimits } from './limits-load.ts';
import { benchFixture, CAPACITY, DATES, localDay, PRODUCT, VARIANT } from './service-fixture.ts';
import type { ChildOptions, HeldDay, Profile, ResourcePeak } from './service-child.ts';
import { log, ms, pass, ratio, type Row, type SectionResult, track, why, within } from './util.ts';

const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CARTS = 400;
const CONCURRENCY = 16;
const TARGET_RATE = 500;
const TARGET_P99 = 50;
const RUN_MS = Number(process.env.BENCH_SERVICE_MS ?? 6000);

/** A forked service process. */
export interface Child {
  api: string;
  bare: string;
  check(): Promise<{ days?: HeldDay[]; error?: string; unexpected: number; samples: string[] }>;
  /** Each resource named `prefix`…: its units and the most in use at any instant. */
  resourceCheck(prefix: string): Promise<{ resources?: ResourcePeak[]; error?: string }>;
  resetProfile(): Promise<void>;
  profile(): Promise<Profile>;
  close(): Promise<void>;
}

/** Forks the service process with `options`; resolves once it listens. */
export async function startChild(options: ChildOptions): Promise<Child> {
  const script = fileURLToPath(new URL('./service-child.js', import.meta.url));
  const child: ChildProcess = track(
    fork(script, [JSON.stringify(options)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] }),
  );
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the service process exited (${code})`))),
  );
  exited.catch(() => {});
  const next = <T>(type: string) =>
    within(
      Promise.race([
        new Promise<T>((resolve, reject) => {
          const on = (m: { type: string; error?: string }) => {
            if (m.type === type) {
              child.off('message', on);
              resolve(m as T);
            } else if (m.type === 'failed') {
              child.off('message', on);
              reject(new Error(m.error));
            }
          };
          child.on('message', on);
        }),
        exited,
      ]),
      60_000,
      `the service's "${type}"`,
    );
  try {
    const ready = await next<{ api: string; bare: string }>('ready');
    return {
      api: ready.api,
      bare: ready.bare,
      check: () => {
        const answer = next<{ days?: HeldDay[]; error?: string; unexpected: number; samples: string[] }>('check');
        child.send({ type: 'check' });
        return answer;
      },
      resourceCheck: (prefix) => {
        const answer = next<{ resources?: ResourcePeak[]; error?: string }>('resource-check');
        child.send({ type: 'resource-check', prefix });
        return answer;
      },
      resetProfile: async () => {
        const answer = next<unknown>('profile-reset');
        child.send({ type: 'profile-reset' });
        await answer;
      },
      profile: async () => {
        const answer = next<{ profile: Profile }>('profile');
        child.send({ type: 'profile' });
        return (await answer).profile;
      },
      close: async () => {
        if (child.exitCode !== null) return;
        const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.send({ type: 'close' });
        await within(gone, 15_000, 'closing the service').catch(() => child.kill('SIGKILL'));
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** A fresh PostgreSQL database, or why there is none. */
export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  admin.on('error', () => {});
  await admin.connect();
  const name = `bench_${process.pid}_${Date.now().toString(36)}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      c.on('error', () => {});
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** What the lock figures cover: transactions timed here, or server-side calls timed by the server. */
function lockScope(profile: Profile): string {
  if (profile.serverTimedLocks === 0) return 'until COMMIT';
  const calls =
    profile.serverTimedLocks === profile.transactions
      ? 'all'
      : `${profile.serverTimedLocks} of ${profile.transactions}`;
  return `${calls} in one server-side call, timed by the server to its end; its COMMIT follows`;
}

/** Runs every endpoint on one engine and returns its rows. */
async function engine(
  label: string,
  options: Omit<ChildOptions, 'fixture'>,
  fixture: string,
  notes: string[],
): Promise<Row[]> {
  const rows: Row[] = [];
  const row = (subject: string, measure: string, value: string, reference: string) =>
    rows.push({ section: 'Service', subject: `${subject} (${label})`, measure, value, reference });
  const child = await startChild({ ...options, fixture });
  try {
    const get = (path: string): Shot => ({ method: 'GET', url: `${child.api}${path}` });
    const holdBody = () => {
      // Many carts, few dates: a random cart asks for a random one of three dates; a quarter of
      // the posts set the quantity to 0 (the shopper changed their mind), which frees units.
      const r = Math.random();
      const cart = `bench-cart-${Math.floor(Math.random() * CARTS)}`;
      const date = DATES[Math.floor(Math.random() * DATES.length)]!;
      const quantity = r < 0.25 ? 0 : r < 0.75 ? 1 : 2;
      return JSON.stringify({
        cart_token: cart,
        items: [{ external_id: String(VARIANT), start: date, quantity: String(quantity) }],
      });
    };
    const post = (): Shot => ({
      method: 'POST',
      url: `${child.api}/v1/reservations`,
      headers: { authorization: 'Bearer pk_bench', 'content-type': 'application/json' },
      body: holdBody(),
    });
    const endpoints: Array<{ name: string; make: (i: number) => Shot }> = [
      { name: 'bare Hono JSON', make: () => ({ method: 'GET', url: child.bare }) },
      { name: 'GET /v1/widgets', make: () => get(`/v1/widgets?external_product_id=${PRODUCT}&token=pk_bench`) },
      { name: 'GET /v1/blackouts per=250', make: () => get(`/v1/blackouts?per=250&token=pk_bench`) },
      {
        name: 'GET /v1/availability 42 days',
        make: () =>
          get(
            `/v1/availability?external_variant_id=${VARIANT}&start=${localDay(1)}&finish=${localDay(43)}&token=pk_bench`,
          ),
      },
      { name: 'POST /v1/reservations', make: post },
    ];
    let bare: LoadResult | undefined;
    for (const endpoint of endpoints) {
      log(`service ${label}: ${endpoint.name}`);
      // Warm-up: JIT, connection pool, caches. Not counted.
      await closedLoop(endpoint.make, { concurrency: CONCURRENCY, maxRequests: 200, maxMs: 3000 });
      // One at a time first: the cost of a request without queueing.
      await child.resetProfile();
      const alone = await closedLoop(endpoint.make, {
        concurrency: 1,
        maxRequests: 2000,
        maxMs: Math.min(2000, RUN_MS),
      });
      const aloneProfile = await child.profile();
      if (aloneProfile.statements > 0) {
        const n = alone.answered;
        const top = Object.entries(aloneProfile.byKind)
          .sort((a, b) => b[1].ms - a[1].ms)
          .slice(0, 4)
          .map(([k, v]) => `"${k}…" ${(v.n / n).toFixed(1)}× ${(v.ms / v.n).toFixed(2)} ms`);
        notes.push(
          `${label}, ${endpoint.name}, one request at a time (p50 ${ms(alone.p50)}): ${(aloneProfile.statements / n).toFixed(1)} SQL statements per request taking ${ms(aloneProfile.statementMs / n)} in all${aloneProfile.transactions ? `, transaction ${ms(aloneProfile.transactionMs / aloneProfile.transactions)}` : ''}; by time: ${top.join('; ')}.`,
        );
      }
      await child.resetProfile();
      const result = await closedLoop(endpoint.make, { concurrency: CONCURRENCY, maxRequests: 50_000, maxMs: RUN_MS });
      const profile = await child.profile();
      bare ??= result;
      const statuses = Object.entries(result.statuses)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ');
      const errors = serverErrors(result);
      const value = `${Math.round(result.throughput)}/s · p50 ${ms(result.p50)} · p99 ${ms(result.p99)}`;
      const versus =
        result === bare
          ? 'the yardstick'
          : `${ratio(result.throughput, bare.throughput)} bare's throughput, ${ratio(result.p50, bare.p50)} its p50`;
      row(
        endpoint.name,
        `throughput · p50 · p99 at ${CONCURRENCY} concurrent`,
        value,
        `${versus}; one at a time: p50 ${ms(alone.p50)}, ${Math.round(alone.throughput)}/s; ${statuses}${errors ? `; ${errors} errors (${result.samples.join(' | ')})` : ''}`,
      );
      if (profile.statements > 0) {
        const n = result.answered;
        const per = (x: number) => (x / n).toFixed(1);
        const top = Object.entries(profile.byKind)
          .sort((a, b) => b[1].ms - a[1].ms)
          .slice(0, 3)
          .map(([k, v]) => `"${k}…" ${per(v.n)}× ${(v.ms / v.n).toFixed(1)} ms`);
        notes.push(
          `${label}, ${endpoint.name}, per request: ${per(profile.statements)} SQL statements taking ${ms(profile.statementMs / n)} in all${profile.transactions ? `; ${per(profile.transactions)} transactions of ${(profile.transactionStatements / Math.max(1, profile.transactions)).toFixed(1)} statements, ${ms(profile.transactionMs / profile.transactions)} each` : ''}${profile.lockHeldMs ? `; row lock: waited ${ms(profile.lockWaitMs / profile.transactions)}, then held ${ms(profile.lockHeldMs / profile.transactions)} (${lockScope(profile)})` : ''}. Slowest statements: ${top.join('; ')}.`,
        );
        if (profile.lockHeldMs) {
          row(
            `${endpoint.name}: where the time goes`,
            'statements · lock wait · lock held (mean)',
            `${per(profile.statements)} · ${ms(profile.lockWaitMs / profile.transactions)} · ${ms(profile.lockHeldMs / profile.transactions)}`,
            `same-variant posts serialise on the variant's row lock: at most ${Math.round(1000 / (profile.lockHeldMs / profile.transactions))}/s while it is held this long (${lockScope(profile)})`,
          );
        }
      }
      if (!result.statuses[200] && !result.statuses[201])
        notes.push(
          `${label}: ${endpoint.name} answered no 2xx (${statuses}): the endpoint is probably not implemented yet; its figures measure the error path.`,
        );
    }

    log(`service ${label}: a product page viewed again`);
    const page = [
      `/v1/widgets?external_product_id=${PRODUCT}`,
      '/v1/blackouts?per=250',
      `/v1/availability?external_variant_id=${VARIANT}&start=${localDay(1)}&finish=${localDay(32)}`,
      `/v1/availability?external_variant_id=${VARIANT}&start=${localDay(32)}&finish=${localDay(63)}`,
    ];
    rows.push(
      ...(await repeatView(
        page.map((p) => `${child.api}${p}&token=pk_bench`),
        label,
      )),
    );

    log(`service ${label}: POST /v1/reservations open loop at ${TARGET_RATE}/s`);
    const open = await openLoop(post, {
      rate: TARGET_RATE,
      maxRequests: TARGET_RATE * 10,
      maxMs: RUN_MS,
      maxInFlight: 256,
    });
    const achieved = open.answered / (RUN_MS / 1000);
    const met = open.failed === 0 && achieved >= TARGET_RATE * 0.98 && open.p99 < TARGET_P99;
    const statuses = Object.entries(open.statuses)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    row(
      `POST /v1/reservations, ${TARGET_RATE}/s offered`,
      'answered/s · p50 · p99',
      `${Math.round(achieved)}/s · p50 ${ms(open.p50)} · p99 ${ms(open.p99)}`,
      `target ≥ ${TARGET_RATE}/s at p99 < ${TARGET_P99} ms: ${pass(met)}; ${statuses}${open.skipped ? `; ${open.skipped} not sent (256 already in flight)` : ''}${serverErrors(open) - open.skipped > 0 ? `; ${serverErrors(open) - open.skipped} errors` : ''}`,
    );

    const check = await child.check();
    if (check.error) {
      row('held ≤ capacity after the run', 'days over capacity', 'not checked', why(check.error));
    } else {
      const days = check.days ?? [];
      const over = days.filter((d) => d.held > d.capacity);
      const max = days.reduce((m, d) => Math.max(m, d.held), 0);
      row(
        'held ≤ capacity after the run',
        'days over capacity',
        `${over.length} of ${days.length} days`,
        over.length === 0
          ? `${pass(true)}: most held on a day ${max} of ${CAPACITY}`
          : `OVERSOLD: ${over.map((d) => `${d.day} ${d.held}/${d.capacity}`).join(', ')}`,
      );
    }
    if (check.unexpected > 0)
      notes.push(
        `${label}: the service logged ${check.unexpected} unexpected errors (500s), e.g. ${check.samples.join(' | ')}`,
      );
  } finally {
    await child.close();
  }
  return rows;
}

/** The Service section. */
export async function measureService(): Promise<SectionResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'bench-service-'));
  const fixture = join(dir, 'fixture.json');
  await writeFile(fixture, JSON.stringify(benchFixture()));
  try {
    try {
      rows.push(...(await engine('PGlite', { database: 'pglite' }, fixture, notes)));
    } catch (error) {
      rows.push({ section: 'Service', subject: 'PGlite', measure: '', value: 'not measured', reference: why(error) });
    }
    let database: { url: string; drop(): Promise<void> } | undefined;
    try {
      database = await createDatabase();
    } catch (error) {
      rows.push({
        section: 'Service',
        subject: 'PostgreSQL',
        measure: '',
        value: 'not measured',
        reference: `no server at ${POSTGRES_URL.replace(/:[^:@/]*@/, ':***@')}: ${why(error)}`,
      });
    }
    if (database) {
      try {
        rows.push(
          ...(await engine('PostgreSQL', { database: 'postgres', url: database.url, poolSize: 10 }, fixture, notes)),
        );
        log('service: PostgreSQL with rate limits on and off');
        const start = (limits: boolean) =>
          startChild({ database: 'postgres', url: database!.url, poolSize: 10, fixture, limits });
        rows.push(
          ...(await measureLimits(
            start,
            `/v1/widgets?external_product_id=${PRODUCT}&token=pk_bench`,
            'PostgreSQL',
            RUN_MS,
            notes,
          )),
        );
        log('service: PostgreSQL lock-shape probe');
        const [a, b, c] = await probeLockShapes(database.url, { ms: Math.min(RUN_MS, 4000), concurrency: CONCURRENCY });
        const references = [
          "PostgreSQL's ceiling for the original transaction shape",
          `${ratio(b!.throughput, a!.throughput)} shape A; NOT a valid design: a statement's snapshot predates its lock wait, so this shape oversells (a speed bound only)`,
          `${ratio(c!.throughput, a!.throughput)} shape A, ${ratio(c!.throughput, b!.throughput)} shape B; the service's shape now (safe: the usage is read in a statement after the lock)`,
        ];
        [a!, b!, c!].forEach((p, i) => {
          rows.push({
            section: 'Service',
            subject: `probe without the service: ${p.name}`,
            measure: `throughput · p50 · p99 at ${CONCURRENCY} concurrent`,
            value: `${Math.round(p.throughput)}/s · p50 ${ms(p.p50)} · p99 ${ms(p.p99)}`,
            reference: references[i]!,
          });
        });
      } catch (error) {
        rows.push({
          section: 'Service',
          subject: 'PostgreSQL',
          measure: '',
          value: 'not measured',
          reference: why(error),
        });
      } finally {
        await database.drop().catch(() => {});
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  notes.push(
    `The service runs in a child process (forked, no rate limits) on 127.0.0.1; this process sends the load over keep-alive sockets (node:http): ${CONCURRENCY} workers in a closed loop for up to ${RUN_MS / 1000} s or 50,000 requests after 200 warm-up requests, then an open loop at ${TARGET_RATE} requests/s for ${RUN_MS / 1000} s (latency counted from when each request was due; at most 256 in flight).`,
    `Contention: ${CARTS} carts post holds on ${DATES.length} dates (${DATES.join(', ')}) of one variant with capacity ${CAPACITY}; a quarter of posts set quantity 0 (release), half 1, a quarter 2. 409 answers are the expected "does not fit"; 422 answers are a quantity-0 post to a cart that holds nothing yet, which the API refuses as a removal of nothing. Ratios are to the bare Hono endpoint measured in the same process right before.`,
    'The lock-shape probe runs plain SQL through pg (pool of 10) on scratch tables in the same database: shape A is the hold transaction as the service first ran it (BEGIN, the variant row FOR UPDATE, six more statements, COMMIT), shape B does its reads before and takes the lock, checks the capacity and writes in one statement, shape C does a read before and then calls a PL/pgSQL function that locks, reads the usage in a new statement, checks and writes (one autocommitted statement). Shape B is unsafe under READ COMMITTED (the statement’s snapshot is taken before it waits for the lock, so it misses the rows of the transaction it waited for and oversells; test/service/reservations/lock-snapshot.test.ts shows it): it bounds speed, it is not a design. The service now runs one read before the lock, then lock, a fresh usage read, the check and one write statement inside one server-side call (hold_items, one autocommitted statement), so no client round trip happens while the lock is held.',
    `GET requests carry the publishable token as \`?token=\` (API.md §6), as the widget sends them; POSTs carry it as a Bearer header. PostgreSQL: a fresh database on ${POSTGRES_URL.replace(/:[^:@/]*@/, ':***@')}, pool of 10, dropped afterwards. Both processes share the machine's 2 cores.`,
  );
  return { rows, notes };
}
