// The migrations are numbered .sql files (src/service/db/migrations), embedded in the service by
// embed-migrations.mjs; a database made before they were (at version 15, its `hold_items` made by
// migrations 2 and 4 as released) must come up to date with migration 16's one definition, and only that.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { migrate } from '../../../src/service/db/migrate.ts';
import { MIGRATIONS, migrationsOf } from '../../../src/service/db/migrations.ts';
import { openPglite } from '../../../src/service/db/pglite.ts';
import type { Database } from '../../../src/service/db/types.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createPostgresDatabase } from '../../helpers/postgres.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

it('embeds exactly the .sql files (run node src/service/db/embed-migrations.mjs after editing one)', () => {
  const check = spawnSync(process.execPath, [join(ROOT, 'src/service/db/embed-migrations.mjs'), '--check'], {
    encoding: 'utf8',
  });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});

it('keeps the released version numbers, each once, in order', () => {
  expect(MIGRATIONS.map((m) => m.version)).toEqual([
    1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 26, 27, 28, 29, 30, 31, 32, 33, 34,
    35, 37,
  ]);
  expect(MIGRATIONS.every((m) => m.name.length > 0 && !m.name.startsWith('-'))).toBe(true);
});

it('refuses a file named otherwise, one without its name line, and a repeated version', () => {
  expect(() => migrationsOf([['17_thing.sql', '-- a thing\nSELECT 1;']])).toThrow(/NNN-name\.sql/);
  expect(() => migrationsOf([['017-thing.sql', 'SELECT 1;']])).toThrow(/-- name/);
  expect(() =>
    migrationsOf([
      ['017-a.sql', '-- a\nSELECT 1;'],
      ['17-b.sql', '-- b\nSELECT 1;'],
    ]),
  ).toThrow(/version 17/);
});

async function emptyDatabase(database: 'pglite' | 'postgres'): Promise<{ db: Database; drop(): Promise<void> }> {
  if (database === 'postgres') return createPostgresDatabase(2);
  return { db: await openPglite('memory'), drop: async () => {} };
}

const holdItemsCount = async (db: Database) =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM pg_proc WHERE proname = 'hold_items'`)).rows[0]!.n);

// Migration 4's released function: migration 16 drops it by its signature, so that stands in for it.
const released4 = `CREATE FUNCTION hold_items(bigint, text, jsonb, timestamptz, integer, boolean, bigint[], bigint[],
  timestamptz[], timestamptz[], date[], date[], integer[], integer[], date, date) RETURNS void LANGUAGE sql AS ''`;
// Migration 2's released function: only its signature matters to migration 4, which drops it.
const released2 = `CREATE FUNCTION hold_items(bigint, text, jsonb, timestamptz, timestamptz, boolean, bigint[], bigint[],
  timestamptz[], timestamptz[], date[], date[], integer[], integer[], date, date) RETURNS void LANGUAGE sql AS ''`;

describeEachDatabase('a database migrated before the migrations were files', (database) => {
  it('at version 15: migration 16 replaces its hold_items', async () => {
    const { db, drop } = await emptyDatabase(database);
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 15),
      );
      await db.exec(released4);
      const upTo16 = MIGRATIONS.filter((m) => m.version <= 16);
      expect(await migrate(db, upTo16)).toEqual([16]);
      expect(await holdItemsCount(db)).toBe(1);
      expect(await migrate(db, upTo16)).toEqual([]);
    } finally {
      await db.close();
      await drop();
    }
  });

  it('at version 3: migration 4 drops the first hold_items and 16 makes the one in use', async () => {
    const { db, drop } = await emptyDatabase(database);
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 3),
      );
      await db.exec(released2);
      expect(await migrate(db)).toEqual(MIGRATIONS.filter((m) => m.version > 3).map((m) => m.version));
      expect(await holdItemsCount(db)).toBe(1);
    } finally {
      await db.close();
      await drop();
    }
  });
});
