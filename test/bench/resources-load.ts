/**
 * Resources (issue 39, point 8): what shared resources cost, on PGlite and on PostgreSQL, each
 * figure a ratio to the same workload without them in the same child. Variants are alike but for
 * their requirements (resources-fixture.ts):
 *   - a month (PERIOD_DAYS) of GET /v1/availability (days) and of GET /v1/slots (24 starts a day)
 *     with two pools (3 guides per booking, a boat's seats per unit) against none, with as many
 *     live holds and bookings, theirs holding allocations. One request at a time, alternating
 *     rounds; p50 and p99. Goal: within 2×.
 *   - holds racing for one day, many carts, 16 posts at a time, quantities 0, 1 and 2, on a variant
 *     with the two pools against one with none; alternating rounds, the median round's rate.
 *     Goal: ≥ 0.7× the rate.
 *   - how both grow with the members of a pool: one pool of 1, 4 and 16 (the month read and the
 *     race), as ratios to the pool of 1.
 * After the races, no resource may be over its units at any instant.
 *
 *   npm run bench -- --only resources --no-write
 * @module
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedLoop, type LoadResult, type Shot } from './load.ts';
import {
  CAPACITY,
  PERIOD_DAYS,
  POOL_SIZES,
  RACE_PREFIX,
  RESOURCES_TZ,
  resourcesFixture,
  resourcesSetupSql,
  VARIANTS,
} from './resources-fixture.ts';
import type { ChildOptions, Profile } from './service-child.ts';
import { localDay } from './service-fixture.ts';
import { type Child, createDatabase, startChild } from './service-load.ts';
import { bytes, log, median, ms, pass, percentile, ratio, type Row, type SectionResult, why } from './util.ts';

const SECTION = 'Resources';
/** Time per read case and per race case, split over the rounds. */
const RUN_MS = Number(process.env.BENCH_RESOURCES_MS ?? 5000);
const ROUNDS = 5;
const MAX_REQUESTS = 500;
const READ_GOAL = 2;
const RACE_GOAL = 0.7;

interface ReadCase {
  key: string;
  name: string;
  path: string;
  /** The case its p50 is compared with. */
  versus?: string;
  /** The most its p50 may be, as a multiple of `versus`'s. */
  goal?: number;
}

const period = `start=${localDay(1, RESOURCES_TZ)}&finish=${localDay(1 + PERIOD_DAYS, RESOURCES_TZ)}&token=pk_bench`;
const availability = (v: { externalId: number }) => `/v1/availability?external_variant_id=${v.externalId}&${period}`;
const slots = (v: { externalId: number }) => `/v1/slots?external_variant_id=${v.externalId}&${period}`;
const TWO_POOLS = 'two pools (3 guides per booking, seats per unit)';
const poolVariant = (n: number) =>
  ({ 1: VARIANTS.daysPool1, 4: VARIANTS.daysPool4, 16: VARIANTS.daysPool16 })[n as 1 | 4 | 16];
const raceVariant = (n: number) =>
  ({ 1: VARIANTS.racePool1, 4: VARIANTS.racePool4, 16: VARIANTS.racePool16 })[n as 1 | 4 | 16];

const READS: ReadCase[] = [
  {
    key: 'days',
    name: `GET /v1/availability ${PERIOD_DAYS} days, no requirements, 2,000 live`,
    path: availability(VARIANTS.days),
  },
  {
    key: 'daysPools',
    name: `GET /v1/availability ${PERIOD_DAYS} days, ${TWO_POOLS}, 2,000 live`,
    path: availability(VARIANTS.daysPools),
    versus: 'days',
    goal: READ_GOAL,
  },
  {
    key: 'slots',
    name: `GET /v1/slots ${PERIOD_DAYS} days × 24 starts, no requirements, 2,000 live`,
    path: slots(VARIANTS.slots),
  },
  {
    key: 'slotsPools',
    name: `GET /v1/slots ${PERIOD_DAYS} days × 24 starts, ${TWO_POOLS}, 2,000 live`,
    path: slots(VARIANTS.slotsPools),
    versus: 'slots',
    goal: READ_GOAL,
  },
  ...POOL_SIZES.map((n) => ({
    key: `pool${n}`,
    name: `GET /v1/availability ${PERIOD_DAYS} days, one pool of ${n}, 2,000 live`,
    path: availability(poolVariant(n)),
    versus: n === 1 ? 'days' : 'pool1',
  })),
];

interface RaceCase {
  key: string;
  name: string;
  externalId: number;
  versus?: string;
  goal?: number;
}

const RACES: RaceCase[] = [
  {
    key: 'none',
    name: 'POST /v1/reservations racing for one day, no requirements',
    externalId: VARIANTS.race.externalId,
  },
  {
    key: 'pools',
    name: `POST /v1/reservations racing for one day, ${TWO_POOLS}`,
    externalId: VARIANTS.racePools.externalId,
    versus: 'none',
    goal: RACE_GOAL,
  },
  ...POOL_SIZES.map((n) => ({
    key: `pool${n}`,
    name: `POST /v1/reservations racing for one day, one pool of ${n}`,
    externalId: raceVariant(n).externalId,
    versus: n === 1 ? 'none' : 'pool1',
  })),
];

const RACE_CARTS = 400;
const RACE_CONCURRENCY = 16;

/** A profile's mean time per request in statements whose text names `name`. */
function statementMs(profile: Profile, name: string, requests: number): number {
  const hits = Object.entries(profile.byKind).filter(([kind]) => kind.includes(name));
  return hits.reduce((sum, [, v]) => sum + v.ms, 0) / Math.max(1, requests);
}

function addProfile(into: Profile | undefined, p: Profile): Profile {
  if (!into) return structuredClone(p);
  for (const k of ['statements', 'statementMs', 'transactions', 'transactionMs', 'transactionStatements'] as const)
    into[k] += p[k];
  for (const k of ['lockWaitMs', 'lockHeldMs', 'serverTimedLocks'] as const) into[k] += p[k];
  for (const [kind, v] of Object.entries(p.byKind)) {
    const t = (into.byKind[kind] ??= { n: 0, ms: 0 });
    t.n += v.n;
    t.ms += v.ms;
  }
  return into;
}

function statusesOf(result: { statuses: Record<number, number> }): string {
  return Object.entries(result.statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
}

/** A read slower than this is not repeated in rounds: it is asked a few times in a row, up to SLOW_BUDGET_MS. */
const SLOW_MS = 3000;
const SLOW_BUDGET_MS = 25_000;

/** Every read, one request at a time, in ROUNDS rounds taking turns, so a burst elsewhere weighs on all alike. */
async function reads(child: Child, label: string, notes: string[]): Promise<{ rows: Row[]; p50: Map<string, number> }> {
  const rows: Row[] = [];
  const latencies = new Map<string, number[]>(READS.map((c) => [c.key, []]));
  const profiles = new Map<string, Profile>();
  const probes = new Map<string, { status: number; size: number; limited: number; slow: boolean }>();
  const timedGet = async (url: string) => {
    const t0 = performance.now();
    const response = await fetch(url);
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - t0 };
  };
  for (const c of READS) {
    const url = `${child.api}${c.path}`;
    log(`resources ${label}: ${c.name}, first request`);
    await child.resetProfile();
    const probe = await timedGet(url);
    // Entries (days, slots) the requirements left below the variant's capacity.
    const entries = [...probe.text.matchAll(/"quantity_available":(\d+)/g)].map((m) => Number(m[1]));
    const slow = probe.ms > SLOW_MS;
    probes.set(c.key, {
      status: probe.status,
      size: Buffer.byteLength(probe.text),
      limited: entries.filter((q) => q < CAPACITY).length,
      slow,
    });
    if (probe.status !== 200)
      notes.push(`${label}: ${c.name} answered ${probe.status}: its figures measure the error path.`);
    if (slow) {
      // Too slow for rounds (and for the load generator's 10 s timeout): the first request and as
      // many more in a row as fit the budget are the samples.
      const samples = [probe.ms];
      while (samples.reduce((a, b) => a + b, 0) + median(samples) <= SLOW_BUDGET_MS)
        samples.push((await timedGet(url)).ms);
      latencies.set(c.key, samples);
      profiles.set(c.key, await child.profile());
    } else {
      await closedLoop(() => ({ method: 'GET', url }), { concurrency: 1, maxRequests: 30, maxMs: 1500 }); // warm-up
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of READS) {
      if (probes.get(c.key)!.slow) continue;
      log(`resources ${label}: ${c.name}, round ${round + 1}`);
      const make = (): Shot => ({ method: 'GET', url: `${child.api}${c.path}` });
      await child.resetProfile();
      const result = await closedLoop(make, {
        concurrency: 1,
        maxRequests: MAX_REQUESTS / ROUNDS,
        maxMs: RUN_MS / ROUNDS,
      });
      profiles.set(c.key, addProfile(profiles.get(c.key), await child.profile()));
      latencies.get(c.key)!.push(...result.latencies);
    }
  }
  const p50 = new Map(READS.map((c) => [c.key, percentile(latencies.get(c.key)!, 50)]));
  for (const c of READS) {
    const all = latencies.get(c.key)!;
    const mine = p50.get(c.key)!;
    const base = c.versus ? p50.get(c.versus)! : undefined;
    const versusName = READS.find((r) => r.key === c.versus)?.name;
    const within = base ? mine / base : Number.NaN;
    const versus = base ? `${ratio(mine, base)} the p50 of "${versusName}"` : 'the yardstick';
    const goal = c.goal ? `; goal ≤ ${c.goal}×: ${pass(within <= c.goal)}` : '';
    const probe = probes.get(c.key)!;
    const profile = profiles.get(c.key)!;
    const judged = statementMs(profile, 'resource_item_limits', all.length);
    const also = c.key.startsWith('pool') ? `; ${ratio(mine, p50.get('days')!)} the p50 without requirements` : '';
    const how = probe.slow
      ? `${all.length} request${all.length === 1 ? '' : 's'} in a row (the first took over ${SLOW_MS / 1000} s: not repeated in rounds)`
      : `${all.length} requests`;
    rows.push({
      section: SECTION,
      subject: `${c.name} (${label})`,
      measure: probe.slow
        ? 'p50 · p99, one at a time (too slow for rounds)'
        : `p50 · p99, one at a time (${ROUNDS} alternating rounds)`,
      value: `p50 ${ms(mine)} · p99 ${probe.slow ? 'n/a' : ms(percentile(all, 99))}`,
      reference: `${versus}${goal}${also}; resource_item_limits ${ms(judged)} a request; ${probe.limited} entries below ${CAPACITY} left; ${bytes(probe.size)} answered (status ${probe.status}); ${how}`,
    });
  }
  return { rows, p50 };
}

/** Holds racing for one day of each race variant, ROUNDS alternating rounds, the median round each. */
async function races(child: Child, label: string): Promise<{ rows: Row[]; held: Map<string, number> }> {
  const day = localDay(5, RESOURCES_TZ);
  const body = (externalId: number) => () => {
    const r = Math.random();
    return JSON.stringify({
      cart_token: `race-${externalId}-${Math.floor(Math.random() * RACE_CARTS)}`,
      items: [{ external_id: externalId, start: day, quantity: r < 0.25 ? 0 : r < 0.75 ? 1 : 2 }],
    });
  };
  const shot = (c: RaceCase) => {
    const next = body(c.externalId);
    return (): Shot => ({
      method: 'POST',
      url: `${child.api}/v1/reservations`,
      headers: { authorization: 'Bearer pk_bench', 'content-type': 'application/json' },
      body: next(),
    });
  };
  for (const c of RACES) await closedLoop(shot(c), { concurrency: RACE_CONCURRENCY, maxRequests: 200, maxMs: 2000 });
  const rounds = new Map<string, Array<{ result: LoadResult; heldMs: number }>>(RACES.map((c) => [c.key, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of RACES) {
      log(`resources ${label}: ${c.name}, round ${round + 1}`);
      await child.resetProfile();
      const result = await closedLoop(shot(c), {
        concurrency: RACE_CONCURRENCY,
        maxRequests: 50_000,
        maxMs: (2 * RUN_MS) / ROUNDS,
      });
      const profile = await child.profile();
      rounds.get(c.key)!.push({ result, heldMs: profile.lockHeldMs / Math.max(1, profile.transactions) });
    }
  }
  const medianRound = (key: string) => {
    const sorted = [...rounds.get(key)!].sort((a, b) => a.result.throughput - b.result.throughput);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const held = new Map(RACES.map((c) => [c.key, median(rounds.get(c.key)!.map((r) => r.heldMs))]));
  const rows = RACES.map((c) => {
    const { result } = medianRound(c.key);
    const base = c.versus ? medianRound(c.versus).result : undefined;
    const versusName = RACES.find((r) => r.key === c.versus)?.name;
    const goal = c.goal ? `; goal ≥ ${c.goal}×: ${pass(result.throughput >= c.goal * base!.throughput)}` : '';
    const versus = base
      ? `${ratio(result.throughput, base.throughput)} the rate of "${versusName}", ${ratio(result.p99, base.p99)} its p99${goal}`
      : 'the yardstick';
    const also = c.key.startsWith('pool')
      ? `; ${ratio(result.throughput, medianRound('none').result.throughput)} the rate without requirements`
      : '';
    return {
      section: SECTION,
      subject: `${c.name} (${label})`,
      measure: `rate · p50 · p99 at ${RACE_CONCURRENCY} concurrent (median of ${ROUNDS} alternating rounds) · row locks held (median round's mean)`,
      value: `${Math.round(result.throughput)}/s · p50 ${ms(result.p50)} · p99 ${ms(result.p99)} · ${ms(held.get(c.key)!)}`,
      reference: `${versus}${also}; rates of the rounds: ${rounds
        .get(c.key)!
        .map((r) => Math.round(r.result.throughput))
        .join(', ')}/s; ${statusesOf(result)}`,
    };
  });
  return { rows, held };
}

/** After the races: the race variants' days within capacity and their resources within units. */
async function checks(child: Child, label: string, notes: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  const raceIds = new Set(RACES.map((c) => String(c.externalId)));
  const check = await child.check();
  const resources = await child.resourceCheck(RACE_PREFIX);
  if (check.error || resources.error) {
    rows.push({
      section: SECTION,
      subject: `held ≤ capacity and units after the races (${label})`,
      measure: 'days over capacity · resources over units',
      value: 'not checked',
      reference: why(check.error ?? resources.error),
    });
    return rows;
  }
  const days = (check.days ?? []).filter((d) => raceIds.has(d.variant));
  const overDays = days.filter((d) => d.held > d.capacity);
  const list = resources.resources ?? [];
  const overUnits = list.filter((r) => r.peak > r.units);
  const allocated = list.reduce((n, r) => n + r.rows, 0);
  const ok = overDays.length === 0 && overUnits.length === 0 && allocated > 0;
  rows.push({
    section: SECTION,
    subject: `held ≤ capacity and units after the races (${label})`,
    measure: 'days over capacity · resources over units',
    value: `${overDays.length} of ${days.length} · ${overUnits.length} of ${list.length}`,
    reference: ok
      ? `${pass(true)}: ${allocated} live allocations on the race pools; most in use: ${list
          .filter((r) => r.rows > 0)
          .map((r) => `${r.name.slice(RACE_PREFIX.length)} ${r.peak}/${r.units}`)
          .join(', ')}`
      : `NOT met: ${[
          ...overDays.map((d) => `${d.variant} ${d.day} ${d.held}/${d.capacity}`),
          ...overUnits.map((r) => `${r.name} ${r.peak}/${r.units}`),
          ...(allocated === 0 ? ['no allocation written: the resources path did not run'] : []),
        ].join(', ')}`,
  });
  if (check.unexpected > 0)
    notes.push(
      `${label}: the service logged ${check.unexpected} unexpected errors (500s), e.g. ${check.samples.join(' | ')}`,
    );
  return rows;
}

/** How each cost grows with the members of a pool, from the rows above. */
function growth(label: string, p50: Map<string, number>, held: Map<string, number>): Row {
  const first = POOL_SIZES[0];
  const last = POOL_SIZES[POOL_SIZES.length - 1]!;
  const perMember = (at: (n: number) => number) => (at(last) - at(first)) / (last - first);
  const read = perMember((n) => p50.get(`pool${n}`)!);
  const lock = perMember((n) => held.get(`pool${n}`)!);
  return {
    section: SECTION,
    subject: `cost of a pool member (${label})`,
    measure: `p50 of a ${PERIOD_DAYS}-day read · row locks held by a hold, per member added (pools of ${first} → ${last})`,
    value: `+${ms(read, 2)} · +${ms(lock, 3)}`,
    reference: `a read: ${POOL_SIZES.map((n) => ratio(p50.get(`pool${n}`)!, p50.get(`pool${first}`)!)).join(' : ')} for ${POOL_SIZES.join(' : ')} members (${((1000 * read) / PERIOD_DAYS).toFixed(0)} µs per member per day read); a hold's locks held: ${POOL_SIZES.map((n) => ratio(held.get(`pool${n}`)!, held.get(`pool${first}`)!)).join(' : ')}`,
  };
}

/** Every case on one engine. */
async function engine(label: string, options: ChildOptions, notes: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  const child = await startChild(options);
  try {
    const read = await reads(child, label, notes);
    rows.push(...read.rows);
    const race = await races(child, label);
    rows.push(...race.rows);
    rows.push(growth(label, read.p50, race.held));
    rows.push(...(await checks(child, label, notes)));
  } finally {
    await child.close();
  }
  return rows;
}

/** The Resources section. */
export async function measureResources(): Promise<SectionResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const loadBefore = loadavg()[0]!;
  const dir = await mkdtemp(join(tmpdir(), 'bench-resources-'));
  const fixture = join(dir, 'fixture.json');
  const setup = join(dir, 'setup.sql');
  await writeFile(fixture, JSON.stringify(resourcesFixture()));
  await writeFile(setup, resourcesSetupSql());
  const fail = (subject: string, error: unknown) =>
    rows.push({ section: SECTION, subject, measure: '', value: 'not measured', reference: why(error) });
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
    `The machine was shared with other jobs while this section ran: its 1-minute load average was ${loadBefore.toFixed(1)} when the section started and ${loadavg()[0]!.toFixed(1)} when it ended, on ${availableParallelism()} cores. Only ratios between rows of one engine, measured in alternating rounds, are meant to be compared.`,
    `Resources: one shop in ${RESOURCES_TZ}, one product whose variants have a capacity of ${CAPACITY} each and differ only in what they draw on (test/bench/resources-fixture.ts, written in SQL after the fixture). "${TWO_POOLS}": a pool of 3 staff of 14 units each, one per booking, and one resource of 500 seats, one per unit; neither binds before the variant's capacity does, so a variant with them grants and refuses the same posts as one without, and what the ratios measure is the judging and assigning. "One pool of N": N kayak fleets of ${CAPACITY} units each, one per unit.`,
    `Reads: each variant read has 2,000 live reservations over the same ${PERIOD_DAYS} days from tomorrow, half holds (unexpired) and half confirmed bookings, one unit each, spread evenly (about 32 a day on a variant booked by days, holds on every other day and bookings on the days between; one a slot start, holds and bookings alternating), and 7 two-hour blackouts; each item of a variant with requirements has its resource_allocations rows as hold_items or a booking writes them (a per-booking row keyed by its hold or booking), the members of a pool taken in turn. One request at a time after 30 warm-up requests each, in ${ROUNDS} rounds taking turns (up to ${MAX_REQUESTS / ROUNDS} requests or ${RUN_MS / ROUNDS / 1000} s per case and round); p50 and p99 over every round. "resource_item_limits" is that statement's time a request, timed by the service's process.`,
    `Races: one day (day 5) of each race variant, nothing live before; ${RACE_CARTS} carts, ${RACE_CONCURRENCY} posts at a time, a quarter quantity 0 (a release; a 422 for a cart holding nothing), half 1, a quarter 2; 409 is "does not fit". ${ROUNDS} rounds of ${(2 * RUN_MS) / ROUNDS / 1000} s taking turns after 200 warm-up posts each; the row shows the round of median rate. Row locks held: from the variant's lock to the end of hold_items (its resources' locks are taken after the variant's and held as long), timed by the server.`,
    `How the cost grows, from the SQL of migration 035 (resource_item_limits, resource_units_in_use): a read runs, for every period asked (a day, a slot) and every requirement, one resource_units_in_use per eligible pool member, each its own statement, so a month of days costs ${PERIOD_DAYS} × members calls and a month of 24 slots a day 24 times that: linear in members × periods. What each call costs does not shrink with the rows it counts: its index on (resource_id, finish_at) walks every allocation finishing after the period starts (all those ahead, not those overlapping), and, on this data, its generic plan joins them to their bookings and holds by hashing a sequential scan of booking_items and reservation_items (every row ever written) on each call (EXPLAIN ANALYZE on PostgreSQL). A hold calls it once per member of each pool before its locks (on a snapshot) and once more under them, so the members also lengthen the time the variant and resource locks are held.`,
  );
  return { rows, notes };
}
