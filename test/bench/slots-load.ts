/**
 * Slots (issue 28): GET /v1/slots for 62 days of a `units` variant beside the same 62 days of
 * GET /v1/availability for a variant booked by days, each with as many live holds and bookings,
 * on PGlite and on PostgreSQL. One request at a time (the cost of a request, no queueing):
 * p50 and p99. Then how the cost grows: 24 against 96 starts a day, 2,000 against 8,000 live
 * reservations, and the slot variant's month view (GET /v1/availability with slots_available).
 * Goal: a slot month within 2× a day month's time. Then holds racing for one day and for one
 * departure of a tour, in the same child (goal: slot holds within 10 % of day holds' rate).
 *
 *   npm run bench -- --only slots --no-write
 * @module
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedLoop, type LoadResult, type Shot } from './load.ts';
import { type Child, createDatabase, startChild } from './service-load.ts';
import type { ChildOptions } from './service-child.ts';
import { localDay } from './service-fixture.ts';
import { PERIOD_DAYS, SLOTS_TZ, slotsFixture, slotsSetupSql, VARIANTS } from './slots-fixture.ts';
import { bytes, log, ms, pass, ratio, type Row, type SectionResult, why } from './util.ts';

const RUN_MS = Number(process.env.BENCH_SLOTS_MS ?? 5000);
const MAX_REQUESTS = 500;

interface Case {
  name: string;
  path: string;
  /** The case its p50 is compared with, and whether the 2× goal applies. */
  versus?: string;
  goal?: boolean;
}

const period = `start=${localDay(1, SLOTS_TZ)}&finish=${localDay(1 + PERIOD_DAYS, SLOTS_TZ)}&token=pk_bench`;
const DAY_MONTH = `GET /v1/availability ${PERIOD_DAYS} days, days variant, 2,000 live`;
const SLOT_MONTH = `GET /v1/slots ${PERIOD_DAYS} days, 24 starts/day, 2,000 live`;
const CASES: Case[] = [
  { name: DAY_MONTH, path: `/v1/availability?external_variant_id=${VARIANTS.days2k.externalId}&${period}` },
  {
    name: SLOT_MONTH,
    path: `/v1/slots?external_variant_id=${VARIANTS.slots24x2k.externalId}&${period}`,
    versus: DAY_MONTH,
    goal: true,
  },
  {
    name: `GET /v1/availability ${PERIOD_DAYS} days, slot variant (24 starts/day), 2,000 live`,
    path: `/v1/availability?external_variant_id=${VARIANTS.slots24x2k.externalId}&${period}`,
    versus: DAY_MONTH,
  },
  {
    name: `GET /v1/slots ${PERIOD_DAYS} days, 96 starts/day, 2,000 live`,
    path: `/v1/slots?external_variant_id=${VARIANTS.slots96x2k.externalId}&${period}`,
    versus: SLOT_MONTH,
  },
  {
    name: `GET /v1/slots ${PERIOD_DAYS} days, 24 starts/day, 8,000 live`,
    path: `/v1/slots?external_variant_id=${VARIANTS.slots24x8k.externalId}&${period}`,
    versus: SLOT_MONTH,
  },
  {
    name: `GET /v1/availability ${PERIOD_DAYS} days, days variant, 8,000 live`,
    path: `/v1/availability?external_variant_id=${VARIANTS.days8k.externalId}&${period}`,
    versus: DAY_MONTH,
  },
];

const RACE_CARTS = 400;
const RACE_CONCURRENCY = 16;
const RACE_ROUNDS = 5;

/**
 * Holds racing for one day of a variant booked by days, then for one departure of a tour
 * (seats), in the same child: many carts, 16 posts at a time; a quarter set quantity 0 (which
 * frees seats), half 1, a quarter 2, as the service section's contention. Goal: slot holds
 * within 10 % of day holds' rate.
 */
async function race(child: Child, label: string): Promise<Row[]> {
  const day = localDay(5, SLOTS_TZ);
  const body = (externalId: number, start: string) => () => {
    const r = Math.random();
    return JSON.stringify({
      cart_token: `race-${externalId}-${Math.floor(Math.random() * RACE_CARTS)}`,
      items: [{ external_id: externalId, start, quantity: r < 0.25 ? 0 : r < 0.75 ? 1 : 2 }],
    });
  };
  const cases = [
    { name: 'POST /v1/reservations racing for one day', body: body(VARIANTS.raceDays.externalId, day) },
    {
      name: 'POST /v1/reservations racing for one departure (seats)',
      body: body(VARIANTS.raceSeats.externalId, `${day} 09:00`),
    },
  ];
  const shot = (c: (typeof cases)[number]) => (): Shot => ({
    method: 'POST',
    url: `${child.api}/v1/reservations`,
    headers: { authorization: 'Bearer pk_bench', 'content-type': 'application/json' },
    body: c.body(),
  });
  for (const c of cases) await closedLoop(shot(c), { concurrency: RACE_CONCURRENCY, maxRequests: 200, maxMs: 2000 });
  // The machine is shared: the two races take turns, RACE_ROUNDS times each, and each reports
  // its median round, so a burst of load elsewhere weighs on both alike. The row lock's mean
  // hold (timed by the server) is what bounds a race's rate.
  const rounds = cases.map(() => [] as Array<{ result: LoadResult; heldMs: number }>);
  for (let round = 0; round < RACE_ROUNDS; round++) {
    for (const [i, c] of cases.entries()) {
      log(`slots ${label}: ${c.name}, round ${round + 1}`);
      await child.resetProfile();
      const result = await closedLoop(shot(c), {
        concurrency: RACE_CONCURRENCY,
        maxRequests: 50_000,
        maxMs: (2 * RUN_MS) / RACE_ROUNDS,
      });
      const profile = await child.profile();
      rounds[i]!.push({ result, heldMs: profile.lockHeldMs / Math.max(1, profile.transactions) });
    }
  }
  const median = (i: number) => {
    const sorted = [...rounds[i]!].sort((a, b) => a.result.throughput - b.result.throughput);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const days = median(0);
  return cases.map((c, i) => {
    const { result, heldMs } = median(i);
    const statuses = Object.entries(result.statuses)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    const versus =
      i === 0
        ? 'the yardstick'
        : `${ratio(result.throughput, days.result.throughput)} the day race's rate, ${ratio(result.p99, days.result.p99)} its p99; goal ≥ 0.9×: ${pass(result.throughput >= 0.9 * days.result.throughput)}`;
    return {
      section: 'Slots',
      subject: `${c.name} (${label})`,
      measure: `rate · p50 · p99 at ${RACE_CONCURRENCY} concurrent (median of ${RACE_ROUNDS} alternating rounds) · row lock held`,
      value: `${Math.round(result.throughput)}/s · p50 ${ms(result.p50)} · p99 ${ms(result.p99)} · ${ms(heldMs)}`,
      reference: `${versus}; rates of the rounds: ${rounds[i]!.map((r) => Math.round(r.result.throughput)).join(', ')}/s; ${statuses}`,
    };
  });
}

/** Every case on one engine. */
async function engine(label: string, options: ChildOptions, notes: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  const child = await startChild(options);
  try {
    const results = new Map<string, LoadResult>();
    for (const c of CASES) {
      log(`slots ${label}: ${c.name}`);
      const make = (): Shot => ({ method: 'GET', url: `${child.api}${c.path}` });
      const probe = await fetch(`${child.api}${c.path}`);
      const size = (await probe.arrayBuffer()).byteLength;
      await closedLoop(make, { concurrency: 1, maxRequests: 40, maxMs: 2000 }); // warm-up
      const result = await closedLoop(make, { concurrency: 1, maxRequests: MAX_REQUESTS, maxMs: RUN_MS });
      results.set(c.name, result);
      const base = c.versus ? results.get(c.versus) : undefined;
      const within = base ? result.p50 / base.p50 : Number.NaN;
      const versus = base ? `${ratio(result.p50, base.p50)} the p50 of "${c.versus}"` : 'the yardstick';
      const goal = c.goal ? `; goal ≤ 2×: ${pass(within <= 2)}` : '';
      rows.push({
        section: 'Slots',
        subject: `${c.name} (${label})`,
        measure: 'p50 · p99, one at a time',
        value: `p50 ${ms(result.p50)} · p99 ${ms(result.p99)}`,
        reference: `${versus}${goal}; ${bytes(size)} answered (status ${probe.status}); ${result.answered} requests`,
      });
      if (probe.status !== 200)
        notes.push(`${label}: ${c.name} answered ${probe.status}: its figures measure the error path.`);
    }
    rows.push(...(await race(child, label)));
  } finally {
    await child.close();
  }
  return rows;
}

/** The Slots section. */
export async function measureSlots(): Promise<SectionResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'bench-slots-'));
  const fixture = join(dir, 'fixture.json');
  const setup = join(dir, 'setup.sql');
  await writeFile(fixture, JSON.stringify(slotsFixture()));
  await writeFile(setup, slotsSetupSql());
  const fail = (subject: string, error: unknown) =>
    rows.push({ section: 'Slots', subject, measure: '', value: 'not measured', reference: why(error) });
  try {
    try {
      rows.push(...(await engine('PGlite', { database: 'pglite', fixture, setup }, notes)));
    } catch (error) {
      fail('PGlite', error);
    }
    let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
    try {
      database = await createDatabase();
      rows.push(
        ...(await engine(
          'PostgreSQL',
          { database: 'postgres', url: database.url, poolSize: 10, fixture, setup },
          notes,
        )),
      );
    } catch (error) {
      fail('PostgreSQL', error);
    } finally {
      await database?.drop().catch(() => {});
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  notes.push(
    `Slots: one shop in ${SLOTS_TZ}; every request reads the same ${PERIOD_DAYS} days from tomorrow with the publishable token in the URL (as the widget sends it, so each answer is also hashed for its ETag). Slot variants count units, open 00:00-24:00 daily with 60-minute slots every 60 or 15 minutes; each variant has its own live reservations, half holds (unexpired) and half confirmed bookings, spread evenly over the period, and 7 two-hour blackouts. One request at a time after 40 warm-up requests, up to ${MAX_REQUESTS} requests or ${RUN_MS / 1000} s each.`,
  );
  return { rows, notes };
}
