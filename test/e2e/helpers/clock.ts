/**
 * The e2e suite's time: the host's, or (with `E2E_NOW`) a fake one, in the service and in every
 * page alike. `E2E_NOW` is an ISO instant with its offset, e.g. `2026-12-31T09:30:00+11:00`:
 * the service's clock starts there (and with it the database's "now" for holds) and every
 * browser context the helpers open installs Playwright's clock at the service's time, so the
 * shopper's page and the service agree on what today is. Both clocks keep running from there.
 * vite.config.ts sets it for the `e2e month-end` and `e2e 31 Dec` projects.
 */
import type { BrowserContext } from 'playwright-core';
import type { Clock } from '../../../src/service/clock.ts';

/** Reads `E2E_NOW`: epoch ms, or undefined when unset. Throws on a value that is no instant. */
export function parseE2eNow(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  // An offset (or Z) is required: a local time would depend on the host's zone.
  const ms = /(Z|[+-]\d\d:?\d\d)$/i.test(value.trim()) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms))
    throw new Error(
      `E2E_NOW=${JSON.stringify(value)} is not an ISO instant with an offset, such as 2026-12-31T09:30:00+11:00`,
    );
  return ms;
}

/** The instant the suite's clocks start at, or undefined: the host's time. */
export const E2E_NOW = parseE2eNow(process.env.E2E_NOW);

/**
 * Gives `context` the service's time: with `E2E_NOW`, Playwright's clock installed at the
 * service clock's current instant, running on from there (not paused). Without it, nothing:
 * the page keeps the browser's own clock, as it always had.
 */
export async function useServiceTime(context: BrowserContext, clock: Clock): Promise<void> {
  if (E2E_NOW === undefined) return;
  await context.clock.install({ time: clock.now() });
}
