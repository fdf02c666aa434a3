/**
 * The import poller every service process runs (start.ts, cli.ts), in the style of the outbox's
 * sender (messages/sender.ts): each tick claims due imports one at a time, leased by the
 * database's clock, so two processes never fetch one import at once. A failed tick is logged
 * and the next one tries again; the timer does not keep the process alive.
 * @module
 */
import { type PollLoop, startPollLoop, workerName } from '../shared/poll-loop.ts';
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

/** A name for this process's claims (shared/poll-loop.ts). */
export const importWorkerName = workerName;

/** The running poller; `stop` waits for the import being fetched. */
export type RunningImports = PollLoop;

/** Polls for due imports every `settings.pollMs` until stopped. */
export function startCalendarImports(
  db: Database,
  settings: ImportSettings,
  logError: (error: unknown) => void = (error) => console.error('[booking-service] calendar imports:', error),
): RunningImports {
  const worker = workerName();
  return startPollLoop(
    async () => (await runDueImports(db, settings, worker, PER_TICK)) >= PER_TICK,
    settings.pollMs,
    logError,
  );
}
