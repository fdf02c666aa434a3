/**
 * What the rate limits cost: GET /v1/widgets from 1,000 shoppers (told apart by
 * `x-forwarded-for`, as behind a CDN) with the default limits on, their buckets shared through
 * the database, beside the same load on a child without limits started just before on the same
 * database (so both meet the same data and the same machine).
 * @module
 */
import { closedLoop, type LoadResult, type Shot } from './load.ts';
import type { Child } from './service-load.ts';
import { ms, ratio, type Row } from './util.ts';

async function load(
  child: Child,
  path: string,
  runMs: number,
): Promise<{ result: LoadResult; syncs: number; statements: number }> {
  let i = 0;
  const shot = (): Shot => ({
    method: 'GET',
    url: `${child.api}${path}`,
    headers: { 'x-forwarded-for': `10.0.${(i >> 8) & 3}.${i++ & 255}` },
  });
  await closedLoop(shot, { concurrency: 16, maxRequests: 200, maxMs: 3000 });
  await child.resetProfile();
  const result = await closedLoop(shot, { concurrency: 16, maxRequests: 50_000, maxMs: runMs });
  const profile = await child.profile();
  const syncs = Object.entries(profile.byKind).reduce(
    (n, [kind, v]) => n + (kind.startsWith('INSERT INTO rate_limits') ? v.n : 0),
    0,
  );
  return { result, syncs, statements: profile.statements };
}

/** Rows for the limits' cost; `start(limits)` forks a service process on the bench's database. */
export async function measureLimits(
  start: (limits: boolean) => Promise<Child>,
  path: string,
  label: string,
  runMs: number,
  notes: string[],
): Promise<Row[]> {
  const runs: Array<Awaited<ReturnType<typeof load>>> = [];
  for (const limits of [false, true]) {
    const child = await start(limits);
    try {
      runs.push(await load(child, path, runMs));
    } finally {
      await child.close();
    }
  }
  const [off, on] = runs as [(typeof runs)[0], (typeof runs)[0]];
  const n = on.result.answered;
  notes.push(
    `${label}, rate limits on: ${(on.statements / n).toFixed(2)} SQL statements per request (off: ${(off.statements / off.result.answered).toFixed(2)}), of which ${(on.syncs / n).toFixed(3)} bucket syncs (${on.syncs} in ${on.result.seconds.toFixed(1)} s).`,
  );
  const statuses = Object.entries(on.result.statuses)
    .map(([s, k]) => `${s}: ${k}`)
    .join(', ');
  return [
    {
      section: 'Service',
      subject: `GET /v1/widgets, rate limits on, 1,000 clients (${label})`,
      measure: 'throughput · p50 · p99 at 16 concurrent',
      value: `${Math.round(on.result.throughput)}/s · p50 ${ms(on.result.p50)} · p99 ${ms(on.result.p99)}`,
      reference: `${ratio(on.result.throughput, off.result.throughput)} the same load with limits off (${Math.round(off.result.throughput)}/s, a child started just before on the same database); ${(on.syncs / Math.max(1, on.result.seconds)).toFixed(0)} bucket syncs/s; ${statuses}`,
    },
  ];
}
