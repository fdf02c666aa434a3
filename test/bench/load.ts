/**
 * A small HTTP load generator for loopback: keep-alive sockets (node:http), every loop bounded
 * in request count and in time. Closed loop: N workers each send the next request when the last
 * one is answered (throughput at a given concurrency). Open loop: requests started at a fixed
 * rate whatever the answers do (latency at a given offered load), with a cap on requests in flight.
 * @module
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from './util.ts';

/** One request to send. */
export interface Shot {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What a run of requests gave. */
export interface LoadResult {
  /** Requests answered (any status). */
  answered: number;
  /** Requests that got no answer (socket error, timeout). */
  failed: number;
  statuses: Record<number, number>;
  /** Latency of each answered request, ms. */
  latencies: number[];
  seconds: number;
  /** Answered per second over the run. */
  throughput: number;
  p50: number;
  p99: number;
  samples: string[];
}

/** Counts of 5xx answers plus requests with no answer. */
export function serverErrors(result: LoadResult): number {
  return (
    result.failed +
    Object.entries(result.statuses).reduce((sum, [status, n]) => sum + (Number(status) >= 500 ? n : 0), 0)
  );
}

const REQUEST_TIMEOUT_MS = 10_000;

function send(agent: http.Agent, shot: Shot): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(shot.url);
    const headers: Record<string, string | number> = { ...shot.headers };
    if (shot.body !== undefined) headers['content-length'] = Buffer.byteLength(shot.body);
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: shot.method,
        headers,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(shot.body);
  });
}

function summarise(
  latencies: number[],
  statuses: Record<number, number>,
  failed: number,
  samples: string[],
  seconds: number,
): LoadResult {
  return {
    answered: latencies.length,
    failed,
    statuses,
    latencies,
    seconds,
    throughput: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    samples,
  };
}

/** `concurrency` workers, until `maxRequests` are sent or `maxMs` has passed. */
export async function closedLoop(
  make: (i: number) => Shot,
  options: { concurrency: number; maxRequests: number; maxMs: number },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const samples: string[] = [];
  let failed = 0;
  let next = 0;
  const t0 = performance.now();
  const deadline = t0 + options.maxMs;
  const worker = async () => {
    while (next < options.maxRequests && performance.now() < deadline) {
      const shot = make(next++);
      const start = performance.now();
      try {
        const { status, body } = await send(agent, shot);
        latencies.push(performance.now() - start);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 500 && samples.length < 3) samples.push(`${status} ${body.slice(0, 160)}`);
      } catch (error) {
        failed++;
        if (samples.length < 3) samples.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return summarise(latencies, statuses, failed, samples, seconds);
}

/** `rate` requests per second for up to `maxMs` or `maxRequests`, at most `maxInFlight` at once (later ones are skipped and counted as failed). */
export async function openLoop(
  make: (i: number) => Shot,
  options: { rate: number; maxRequests: number; maxMs: number; maxInFlight: number },
): Promise<LoadResult & { skipped: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxInFlight });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const samples: string[] = [];
  let failed = 0;
  let skipped = 0;
  let inFlight = 0;
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  const total = Math.min(options.maxRequests, Math.floor((options.rate * options.maxMs) / 1000));
  for (let i = 0; i < total; i++) {
    // The i-th request is due at t0 + i/rate: sleep until then (timers are coarse; catch up in bursts).
    const due = t0 + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= options.maxInFlight) {
      skipped++;
      continue;
    }
    inFlight++;
    const shot = make(i);
    // Latency counts from when the request was due, so a late start (the generator fell behind) is not hidden.
    pending.push(
      send(agent, shot).then(
        ({ status, body }) => {
          inFlight--;
          latencies.push(performance.now() - due);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 500 && samples.length < 3) samples.push(`${status} ${body.slice(0, 160)}`);
        },
        (error: unknown) => {
          inFlight--;
          failed++;
          if (samples.length < 3) samples.push(error instanceof Error ? error.message : String(error));
        },
      ),
    );
  }
  await Promise.all(pending);
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return { ...summarise(latencies, statuses, failed + skipped, samples, seconds), skipped };
}
