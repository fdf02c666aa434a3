/**
 * One import's fetch and sync: fetch under the operator's policy (safe-fetch.ts), read the
 * events, and replace the import's blackouts in one transaction. Whatever goes wrong (refused
 * address, timeout, a body too large, not a calendar) is recorded on the import and the old
 * blackouts stay; nothing is thrown to the poller for a bad feed.
 * @module
 */
import type { Database } from '../db/types.ts';
import { databaseNow } from '../db/now.ts';
import { importedEvents } from './events.ts';
import { claimImport, lockIfHeld, recordFetch, replaceImportedBlackouts } from './queries.ts';
import { type FetchPolicy, fetchCalendar } from './safe-fetch.ts';

/** How imports are fetched and how often. */
export interface ImportSettings {
  policy: FetchPolicy;
  /** Between two fetches of one import. */
  everyMs: number;
  /** How long a claim holds: longer than a fetch may take. */
  leaseMs: number;
  /** Between two polls for due imports. */
  pollMs: number;
}

/** What one import's run ended as. */
export type ImportOutcome = 'ok' | 'unchanged' | 'error';

/** Fetches and syncs the claimed import `row`, recording the result. */
async function runClaimed(
  db: Database,
  row: {
    id: number;
    shop_id: number;
    variant_id: number;
    resource_id: number | null;
    url: string;
    etag: string | null;
    tz: string;
  },
  worker: string,
  settings: ImportSettings,
): Promise<ImportOutcome> {
  try {
    const answer = await fetchCalendar(row.url, settings.policy, row.etag);
    if (answer.status === 304) {
      await recordFetch(db, row.id, worker, { status: 'unchanged', etag: answer.etag }, settings.everyMs);
      return 'unchanged';
    }
    const events = importedEvents(answer.body, row.tz, await databaseNow(db, null));
    await db.transaction(async (tx) => {
      // Only while the lease is ours: a worker that lost it leaves the sync to the new holder.
      if (await lockIfHeld(tx, row.id, worker)) await replaceImportedBlackouts(tx, row, events);
    });
    await recordFetch(db, row.id, worker, { status: 'ok', etag: answer.etag, events: events.length }, settings.everyMs);
    return 'ok';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordFetch(db, row.id, worker, { status: 'error', error: message.slice(0, 500) }, settings.everyMs);
    return 'error';
  }
}

/** Claims and runs the imports due now, up to `limit` (the poller's tick; tests call it). */
export async function runDueImports(
  db: Database,
  settings: ImportSettings,
  worker: string,
  limit = 10,
): Promise<number> {
  let ran = 0;
  for (; ran < limit; ran++) {
    const row = await claimImport(db, worker, { leaseMs: settings.leaseMs });
    if (!row) break;
    await runClaimed(db, row, worker, settings);
  }
  return ran;
}

/** Runs import `id` now (a merchant's refresh); undefined when another worker holds it. */
export async function runImportNow(
  db: Database,
  settings: ImportSettings,
  worker: string,
  id: number,
): Promise<ImportOutcome | undefined> {
  const row = await claimImport(db, worker, { leaseMs: settings.leaseMs, id });
  return row ? runClaimed(db, row, worker, settings) : undefined;
}
