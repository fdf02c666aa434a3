/**
 * The service as users start it (API.md §8), for the CLI and crash suites: the CLI built once
 * with tsc into a source-keyed cache (so the zone projects and both suites share one build),
 * started as a child process on a real socket.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = resolve(import.meta.dirname, '../..');
const CACHE = join(ROOT, 'node_modules/.cache/booking-service-cli');

function sourceKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const { mtimeMs, size } = statSync(path);
        hash.update(`${path}:${mtimeMs}:${size}\n`);
      }
    }
  };
  for (const dir of ['src/shared', 'src/client', 'src/service']) walk(join(ROOT, dir));
  for (const file of ['tsconfig.json', 'src/tsconfig.build.json'])
    hash.update(`${file}:${statSync(join(ROOT, file)).mtimeMs}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** Builds the CLI (or reuses the cached build of the same sources) and returns its path. */
export function buildCli(): string {
  mkdirSync(CACHE, { recursive: true });
  const out = join(CACHE, sourceKey());
  const cli = join(out, 'service/cli.js');
  if (existsSync(cli)) return cli;
  const staging = `${out}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const tsc = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'src/tsconfig.build.json'), '--outDir', staging],
    { encoding: 'utf8' },
  );
  // The build `npm start` runs, declarations included: tsc writes the files even when it reports
  // errors, and `npm start` stops at them, so any error fails here.
  if (tsc.status !== 0 || !existsSync(join(staging, 'service/cli.js'))) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm start's tsc build fails (exit ${tsc.status}):\n${tsc.stdout}${tsc.stderr}`);
  }
  try {
    renameSync(staging, out);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another process finished the same build first
  }
  return cli;
}

/** A new temporary folder. */
export function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `booking-${label}-`));
}

/** `content` written as JSON into a new temporary folder; returns the file's path. */
export function writeFixture(content: unknown): string {
  const file = join(tempDir('fixture'), 'fixture.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

/** A running CLI. */
export interface RunningCli {
  url: string;
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the exit code (null after a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

/** Options of `startCli`. */
export interface CliOptions {
  data: string;
  fixture: string;
  databaseUrl?: string;
  /** More environment variables for the process. */
  env?: Record<string, string>;
  /** The process's wall clock this far (ms) off the real time (`skewed-clock.mjs`). */
  clockSkewMs?: number;
}

/** Starts the CLI with `--port 0`, `--data` and `--fixture`; resolves once it printed its URL. */
export async function startCli(cli: string, options: CliOptions): Promise<RunningCli> {
  const skew =
    options.clockSkewMs === undefined ? [] : ['--import', new URL('./skewed-clock.mjs', import.meta.url).href];
  const child = spawn(
    process.execPath,
    [...skew, cli, '--port', '0', '--data', options.data, '--fixture', options.fixture],
    {
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl ?? '',
        ...options.env,
        ...(options.clockSkewMs === undefined ? {} : { CLOCK_SKEW_MS: String(options.clockSkewMs) }),
      },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('close', (code, signal) => done({ code, signal })),
  );
  const url = await new Promise<string>((done, fail) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', done);
    void exited.then(({ code, signal }) =>
      fail(new Error(`the CLI ended (${code ?? signal}) before printing its URL: ${stderr}`)),
    );
  });
  return { url, child, exited, stderr: () => stderr };
}
