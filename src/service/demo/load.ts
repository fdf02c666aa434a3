/**
 * Loading a fixture for `npm start`: each shop in full on the first start (`seedFixture`), and on
 * every later start only its tokens, with the origins the server really listens on added.
 *
 * Why not the whole fixture every time: the loader is idempotent, but it would bring back the
 * demo blackouts a developer deleted through the API. Why the tokens every time: a publishable
 * token refuses any `Origin` not in its list (API.md §6), and the demo pages post from the
 * server's own origin, which changes with `PORT`.
 * @module
 */
import type { Database } from '../db/types.ts';
import { type Fixture, seedFixture } from '../shops/fixture.ts';

/** The fixture with `origins` added (once) to every publishable token's list. */
export function withOrigins(fixture: Fixture, origins: readonly string[]): Fixture {
  return {
    ...fixture,
    shops: fixture.shops.map((shop) => ({
      ...shop,
      tokens: shop.tokens?.map((t) =>
        t.kind === 'publishable' ? { ...t, origins: [...new Set([...(t.origins ?? []), ...origins])] } : t,
      ),
    })),
  };
}

/** Seeds the fixture as described above; resolves to whether any shop was loaded in full. */
export async function loadDemo(db: Database, fixture: Fixture, origins: readonly string[]): Promise<boolean> {
  const loaded = await seedFixture(db, withOrigins(fixture, origins));
  return loaded.length > 0;
}
