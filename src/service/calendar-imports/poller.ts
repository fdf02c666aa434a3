/**
 * The import poller every service process runs (start.ts, cli.ts), in the style of the outbox's
 * sender (messages/sender.ts): each tick claims due imports one at a time, leased by the
 * database's clock, so two processes never fetch one import at once. A failed tick is logged
 * and the next one tries again; the timer does not keep the process alive.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/types.ts';
import { type ImportSettings, runDueImports } from './runner.ts';
import { fetchPolicy } from './safe-fetch.ts';

/** Imports fetched per tick at most; a full tick polls again at once. */
const PER_TICK = 10;

/** The settings of the environment: `CALENDAR_IMPORT_ALLOW` (docs/configuration.md). */
export function importSettingsFromEnv(env: NodeJS.ProcessEnv): ImportSettings {
  return {
    policy: fetchPolicy(env.CALENDAR_IMPORT_ALLOW),
    everyMs: 5 * 60_000,
    leaseMs: 60_000,
    pollMs: 30_000,
  };
}

/** A name for this process's claims. */
export function importWorkerName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** The running poller; `stop` waits for the import being fetched. */
export interface RunningImports {
  stop(): Promise<void>;
}

/** Polls for due imports every `settings.pollMs` until stopped. */
export function startCalendarImports(
  db: Database,
  settings: ImportSettings,
  logError: (error: unknown) => void = (error) => console.error('[booking-service] calendar imports:', error),
): RunningImports {
  const worker = importWorkerName();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDueImports(db, settings, worker, PER_TICK).then(
        (ran) => schedule(ran >= PER_TICK ? 0 : settings.pollMs),
        (error: unknown) => {
          logError(error);
          schedule(settings.pollMs);
        },
      );
    }, ms);
    timer.unref();
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
