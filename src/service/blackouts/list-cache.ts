/**
 * Blackout lists kept in this process's memory while they are current: the storefront widget
 * asks every shopper's page for the same list (250 records), which changes when the merchant
 * edits it. Each request still asks the database one thing, the shop's data version (one
 * primary-key read, bumped by triggers on every write to the tables the list reads, by any
 * process); while it has not moved, the list built for it is served as it was.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { digestOf } from '../shared/digest.ts';
import type { Page } from '../shared/page.ts';
import { type BlackoutFilters, listBlackoutsJson, shopDataVersion } from './queries.ts';

/** One page of a shop's blackouts: its JSON as UTF-8, that body's `digestOf`, and the total. */
export interface ListAnswer {
  body: Uint8Array<ArrayBuffer>;
  digest: string;
  total: number;
}

/** Reads one page of a shop's blackouts matching the filters. */
export type BlackoutList = (db: Queryable, shopId: number, filters: BlackoutFilters, page: Page) => Promise<ListAnswer>;

/**
 * Reads of one shop's data version that concurrent requests share without ever being served
 * a reading taken before they arrived: a request that finds a read in flight waits for the
 * next one, which starts when that ends and serves everyone who came meanwhile. However many
 * requests there are, the shop costs at most one version read per database round trip.
 */
export function versionReads(db: Queryable, shopId: number): () => Promise<number> {
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  const read = (): Promise<number> => {
    if (!running) {
      const now = shopDataVersion(db, shopId);
      running = now;
      void now.then(
        () => void (running === now && (running = undefined)),
        () => void (running === now && (running = undefined)),
      );
      return now;
    }
    queued ??= running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      queued = undefined;
      return read();
    });
    return queued;
  };
  return read;
}

/**
 * `listBlackoutsJson` through a cache, per database, of at most `maxEntries` lists and
 * `maxBytes` bytes in all (the least recently used go first). The version is read before the list, so a list
 * is never kept under a version newer than what it shows: a write in between only costs a
 * rebuild at the next request. The body is kept as bytes with its digest, so serving it costs
 * neither encoding nor hashing.
 */
export function cachedBlackoutLists(options: { maxEntries?: number; maxBytes?: number } = {}): BlackoutList {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 32_000_000;
  // Versions are a database's own: each database (each `db`) has its lists apart.
  type Cache = { entries: Map<string, ListAnswer & { version: number }>; bytes: number; versions: Map<number, () => Promise<number>> };
  const caches = new WeakMap<Queryable, Cache>();
  return async (db, shopId, filters, page) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = { entries: new Map(), bytes: 0, versions: new Map() }));
    const { entries } = cache;
    const drop = (key: string) => {
      const old = entries.get(key);
      if (old) cache.bytes -= old.body.byteLength;
      entries.delete(key);
    };
    const key = JSON.stringify([shopId, filters, page.per, page.offset]);
    let versionOf = cache.versions.get(shopId);
    if (!versionOf) cache.versions.set(shopId, (versionOf = versionReads(db, shopId)));
    const version = await versionOf();
    const hit = entries.get(key);
    if (hit && hit.version === version) {
      // Most recently used last.
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const { json, total } = await listBlackoutsJson(db, shopId, filters, page);
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
