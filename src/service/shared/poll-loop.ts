/**
 * The background loop every process runs for work shared through the database (the outbox's
 * sender, calendar imports): a tick every `pollMs`, at once again after a full batch, a failed
 * tick logged and retried on the next. Claims and leases are the tick's; this only schedules.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** A name for this process's claims: host, pid and a random part (a restarted pid differs). */
export function workerName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** A running loop; `stop` waits for the tick in progress. */
export interface PollLoop {
  stop(): Promise<void>;
}

/**
 * Runs `tick` now and then every `pollMs` until stopped; a tick resolving `true` (a full batch)
 * is followed by another at once. The timer does not keep the process alive.
 */
export function startPollLoop(
  tick: () => Promise<boolean>,
  pollMs: number,
  logError: (error: unknown) => void,
): PollLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().then(
        (full) => schedule(full ? 0 : pollMs),
        (error: unknown) => {
          logError(error);
          schedule(pollMs);
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
