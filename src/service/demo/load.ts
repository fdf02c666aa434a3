/**
 * Loading a fixture for `npm start`: the whole fixture on the first start, and on every later
 * start only its tokens, with the origins the server really listens on added.
 *
 * Why not the whole fixture every time: the loader is idempotent, but it would bring back the
 * demo blackouts a developer deleted through the API. Why the tokens every time: a publishable
 * token refuses any `Origin` not in its list (API.md §6), and the demo pages post from the
 * server's own origin, which changes with `PORT`.
 * @module
 */
import type { Database } from '../db/types.ts';
import { type Fixture, loadFixture } from '../fixture.ts';
import { anyShopNamed } from '../shops/queries.ts';

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

/** Only what identifies each shop, and its tokens: loading this leaves everything else as it is. */
function tokensOnly(fixture: Fixture): Fixture {
  return { shops: fixture.shops.map(({ name, tz, locale, tokens }) => ({ name, tz, locale, tokens })) };
}

/** Whether any of the fixture's shops is already in the database (by name, the loader's key). */
async function loadedBefore(db: Database, fixture: Fixture): Promise<boolean> {
  return anyShopNamed(db, fixture.shops.map((s) => s.name));
}

/** Loads the fixture as described above; resolves to whether it was the first load. */
export async function loadDemo(db: Database, fixture: Fixture, origins: readonly string[]): Promise<boolean> {
  const first = !(await loadedBefore(db, fixture));
  const full = withOrigins(fixture, origins);
  await loadFixture(db, first ? full : tokensOnly(full));
  return first;
}
