/**
 * What the rate limits cost: GET /v1/widgets from 1,000 shoppers (told apart by
 * `x-forwarded-for`, as behind a CDN) with the default limits on, their buckets shared through
 * the database, beside the same endpoint with limits off measured in the same child.
 * @module
 */
import { closedLoop, type Shot } from './load.ts';
import type { Child } from './service-load.ts';
import { ms, ratio, type Row } from './util.ts';

/** Rows for the limits' cost on `child` (started with `limits: true`). */
export async function measureLimits(child: Child, path: string, label: string, runMs: number, notes: string[]): Promise<Row[]> {
  let i = 0;
  const shot = (): Shot => ({ method: 'GET', url: `${child.api}${path}`, headers: { 'x-forwarded-for': `10.0.${(i >> 8) & 3}.${i++ & 255}` } });
  await closedLoop(shot, { concurrency: 16, maxRequests: 200, maxMs: 3000 });
  await child.resetProfile();
  const limited = await closedLoop(shot, { concurrency: 16, maxRequests: 50_000, maxMs: runMs });
  const profile = await child.profile();
  const bare = await closedLoop(() => ({ method: 'GET', url: child.bare }), { concurrency: 16, maxRequests: 50_000, maxMs: runMs });
  const syncs = Object.entries(profile.byKind).reduce((n, [kind, v]) => n + (kind.startsWith('INSERT INTO rate_limits') ? v.n : 0), 0);
  notes.push(`${label}, rate limits on: ${(profile.statements / limited.answered).toFixed(2)} SQL statements per request, of which ${(syncs / limited.answered).toFixed(3)} bucket syncs (${syncs} in ${(limited.seconds).toFixed(1)} s).`);
  const statuses = Object.entries(limited.statuses).map(([s, n]) => `${s}: ${n}`).join(', ');
  return [
    {
      section: 'Service',
      subject: `GET /v1/widgets, rate limits on, 1,000 clients (${label})`,
      measure: 'throughput · p50 · p99 at 16 concurrent',
      value: `${Math.round(limited.throughput)}/s · p50 ${ms(limited.p50)} · p99 ${ms(limited.p99)}`,
      reference: `${ratio(limited.throughput, bare.throughput)} bare's throughput (bare ${Math.round(bare.throughput)}/s in this child); ${(syncs / Math.max(1, limited.seconds)).toFixed(0)} bucket syncs/s; ${statuses}`,
    },
  ];
}
