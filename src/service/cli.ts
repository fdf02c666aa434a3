/**
 * `npm run service -- --port 8787 --data <folder|memory> --fixture <file.json>` (API.md §8):
 * the API alone. The first line printed is the URL it listens on. `DATABASE_URL` selects
 * PostgreSQL instead of PGlite.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createApp } from './app.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { loadFixture } from './fixture.ts';
import { listen } from './server.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: '.data' },
      fixture: { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, not ${values.port}`);
  const db = await openDatabase({ url: process.env.DATABASE_URL, data: values.data });
  await migrate(db);
  if (values.fixture) await loadFixture(db, JSON.parse(await readFile(values.fixture, 'utf8')));
  const server = await listen(createApp({ db }).fetch, { port, hostname: values.host });
  console.log(server.url);
  const stop = async () => {
    await server.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
