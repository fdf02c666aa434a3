/**
 * Blackout lists kept in this process's memory while they are current: the storefront widget
 * asks every shopper's page for the same list (250 records), which changes when the merchant
 * edits it. Each request still needs one thing from the database, the shop's data version (one
 * primary-key read, bumped by triggers on every write to the tables the list reads, by any
 * process), and it is usually the one its token's verification read already; while it has not
 * moved, the list built for it is served as it was.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { digestOf } from '../shared/digest.ts';
import type { Page } from '../shared/page.ts';
import { currentShopVersion } from '../shops/data-version.ts';
import { type BlackoutFilters, type BlackoutView, listBlackoutsJson } from './queries.ts';

/** One page of a shop's blackouts: its JSON as UTF-8, that body's `digestOf`, and the total. */
export interface ListAnswer {
  body: Uint8Array<ArrayBuffer>;
  digest: string;
  total: number;
}

/**
 * Reads one page of a shop's blackouts matching the filters, as `view` reads them. `version` is the shop's data
 * version when the caller has one read after its request arrived (its token's verification,
 * `shopVersion` in http/env.ts); without it the list reads the version itself.
 */
export type BlackoutList = (
  db: Queryable,
  shopId: number,
  filters: BlackoutFilters,
  page: Page,
  view: BlackoutView,
  version?: number,
) => Promise<ListAnswer>;

/**
 * `listBlackoutsJson` through a cache, per database, of at most `maxEntries` lists and
 * `maxBytes` bytes in all (the least recently used go first). The version must be read after
 * the request arrived (a write the caller saw finish is never hidden from it) and before the
 * list (a list is never kept under a version newer than what it shows: a write in between
 * only costs a rebuild at the next request); the one read with the request's token is both.
 * The body is kept as bytes with its digest, so serving it costs neither encoding nor hashing.
 */
export function cachedBlackoutLists(options: { maxEntries?: number; maxBytes?: number } = {}): BlackoutList {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 32_000_000;
  // Versions are a database's own: each database (each `db`) has its lists apart.
  type Cache = { entries: Map<string, ListAnswer & { version: number }>; bytes: number };
  const caches = new WeakMap<Queryable, Cache>();
  return async (db, shopId, filters, page, view, known) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = { entries: new Map(), bytes: 0 }));
    const { entries } = cache;
    const drop = (key: string) => {
      const old = entries.get(key);
      if (old) cache.bytes -= old.body.byteLength;
      entries.delete(key);
    };
    const key = JSON.stringify([shopId, view, filters, page.per, page.offset]);
    const version = known ?? (await currentShopVersion(db, shopId));
    const hit = entries.get(key);
    if (hit && hit.version === version) {
      // Most recently used last.
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const { json, total } = await listBlackoutsJson(db, shopId, filters, page, view);
    const body = new TextEncoder().encode(json);
    const list = { body, digest: digestOf(body), total };
    drop(key);
    entries.set(key, { version, ...list });
    cache.bytes += body.byteLength;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && cache.bytes <= maxBytes) break;
      drop(oldest);
    }
    return list;
  };
}
