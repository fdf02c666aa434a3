/**
 * Reads of a shop's data version, shared by everything in this process that asks (the token
 * cache, the blackout list cache): one registry per database and shop, so concurrent requests
 * cost one read per database round trip however many caches ask, and never a reading taken
 * before they arrived.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { shopDataVersion } from './data-version-queries.ts';

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
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = undefined;
        return read();
      });
    return queued;
  };
  return read;
}

// Versions are a database's own: each `db` has its shops' reads apart (and is let go with it).
const registry = new WeakMap<Queryable, Map<number, () => Promise<number>>>();

/**
 * The shop's data version, read after this call (shared with every concurrent caller of this
 * process through `versionReads`): what a cache compares its kept answer's version with.
 */
export function currentShopVersion(db: Queryable, shopId: number): Promise<number> {
  let shops = registry.get(db);
  if (!shops) registry.set(db, (shops = new Map()));
  let read = shops.get(shopId);
  if (!read) shops.set(shopId, (read = versionReads(db, shopId)));
  return read();
}
