/**
 * Vitest global setup of the suites that open PGlite: makes two data directories once per run,
 * one just created (`initdb` done) and one migrated, and hands their paths to the test files.
 * Creating a PGlite runs `initdb`, about 8 s of one core here; loading a data directory takes
 * well under a second. See `openTestPglite` (pglite-snapshots.ts).
 * @module
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/service/db/migrate.ts';
import { openPglite } from '../../src/service/db/pglite.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Paths of PGlite data directories (tar files): `empty` after initdb, `migrated` after every migration. */
    pgliteSnapshots: { empty: string; migrated: string };
  }
}

// Every project of the run that declares this setup shares the one pair of files.
let made: Promise<{ dir: string; empty: string; migrated: string }> | undefined;

async function makeSnapshots() {
  const dir = await mkdtemp(join(tmpdir(), 'booking-pglite-'));
  const db = await openPglite('memory');
  try {
    const empty = join(dir, 'empty.tar');
    await writeFile(empty, Buffer.from(await (await db.dump()).arrayBuffer()));
    await migrate(db);
    const migrated = join(dir, 'migrated.tar');
    await writeFile(migrated, Buffer.from(await (await db.dump()).arrayBuffer()));
    return { dir, empty, migrated };
  } finally {
    await db.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const first = !made;
  made ??= makeSnapshots();
  const { dir, empty, migrated } = await made;
  project.provide('pgliteSnapshots', { empty, migrated });
  return async () => {
    if (first) await rm(dir, { recursive: true, force: true });
  };
}
