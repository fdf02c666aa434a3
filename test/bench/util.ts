/**
 * Shared helpers of the bench: paths, statistics, number formatting, the row type every section
 * returns, and a bounded way to run a child command.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The repository root. This file runs as test/bench/util.ts or from node_modules/.cache/bench/test/bench/;
 * run.js names the checkout in BENCH_ROOT (its compiled files may sit in another checkout's node_modules).
 */
export const ROOT: string = (() => {
  if (process.env.BENCH_ROOT)
    return process.env.BENCH_ROOT.endsWith('/') ? process.env.BENCH_ROOT : `${process.env.BENCH_ROOT}/`;
  const here = fileURLToPath(new URL('.', import.meta.url));
  const cache = here.indexOf('/node_modules/.cache/bench/');
  return cache >= 0 ? here.slice(0, cache + 1) : fileURLToPath(new URL('../../', import.meta.url));
})();

/** One line of the bench's table. */
export interface Row {
  /** Bytes, Page, Interaction, Service. */
  section: string;
  /** What is measured: a file, a page, an endpoint. */
  subject: string;
  /** The figure: "gzip", "p50", "throughput"… */
  measure: string;
  /** The value, formatted, or why there is none. */
  value: string;
  /** A comparison, a target and whether it is met, or a note. */
  reference: string;
}

/** Something a section adds to the notes under the table. */
export interface SectionResult {
  rows: Row[];
  notes: string[];
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0-100) of `values`; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function bytes(n: number): string {
  return Number.isFinite(n) ? `${Math.round(n).toLocaleString('en-US')} B` : 'n/a';
}

export function ms(n: number, digits = 1): string {
  return Number.isFinite(n) ? `${n.toFixed(digits)} ms` : 'n/a';
}

export function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return 'n/a';
  const r = a / b;
  return `${r >= 10 ? r.toFixed(0) : r >= 0.1 ? r.toFixed(2) : r.toPrecision(2)}×`;
}

export function pass(ok: boolean): string {
  return ok ? 'met' : 'NOT met';
}

/** The message of anything thrown, on one line. */
export function why(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 200);
}

export function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** Rejects after `milliseconds` unless `promise` settles first. */
export async function within<T>(promise: Promise<T>, milliseconds: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${what} took longer than ${Math.round(milliseconds / 1000)} s`)),
          milliseconds,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a command (no shell), bounded in time; resolves with its exit code and output. */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; timeoutMs: number; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = track(
      spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${options.timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: `${stderr}${why(error)}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Logs progress to stderr, so stdout carries only the table. */
export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** Child processes the bench started: killed when the bench exits, whatever happens to a section. */
const children = new Set<ChildProcess>();

export function track<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function killChildren(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
