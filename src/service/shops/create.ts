/**
 * A shop made without a fixture (issue 18): `npm run service -- --create-shop "Name" --tz
 * Europe/Berlin [--locale de]` creates the shop and its first secret token in one transaction
 * and a one-time admin sign-in code for that token. A shop of that name already there is
 * refused (nothing is written). Everything else (locations, products, widgets, Shopify) is then
 * set up in the admin or through the API.
 * @module
 */
import type { Database } from '../db/types.ts';
import { newSignInCode } from '../admin/sessions.ts';
import { FieldErrors } from '../shared/field-errors.ts';
import { createToken } from '../tokens/manage.ts';
import { languageTag } from '../shared/body.ts';
import { shopName, zoneName } from './input.ts';
import { lockSeeding } from './queries.ts';
import { countShops, insertShop, shopNameTaken } from './shop-queries.ts';

/** A shop that cannot be created, with the reason (for the command line). */
export class CreateShopError extends Error {
  override readonly name = 'CreateShopError';
}

/** What the merchant is shown once: the secret token and the one-time sign-in code. */
export interface CreatedShop {
  shopId: number;
  name: string;
  tz: string;
  locale: string;
  token: string;
  signInCode: string;
}

/** Checks the command line's shop; throws `CreateShopError` naming every bad option. */
export function readNewShop(options: {
  name: string | undefined;
  tz: string | undefined;
  locale: string | undefined;
}): { name: string; tz: string; locale: string } {
  const errors = new FieldErrors();
  const name = shopName(errors, '--create-shop', options.name);
  const tz = zoneName(options.tz);
  if (tz === undefined)
    errors.add(
      '--tz',
      options.tz === undefined
        ? 'is required (an IANA zone, like Europe/Berlin)'
        : 'must be an IANA time zone, like Europe/Berlin',
    );
  const locale = options.locale === undefined ? 'en' : languageTag(options.locale);
  if (locale === undefined) errors.add('--locale', 'must be a language tag like "en" or "de-CH"');
  const problems = Object.entries(errors.fields).map(([option, messages]) => `${option} ${messages.join(', ')}`);
  if (problems.length > 0 || !name || !tz || !locale)
    throw new CreateShopError(`Cannot create the shop: ${problems.join('; ')}.`);
  return { name, tz, locale };
}

/** Creates the shop with a secret token and a sign-in code; refuses a name already taken. */
export async function createShop(
  db: Database,
  shop: { name: string; tz: string; locale: string },
): Promise<CreatedShop> {
  const made = await db.transaction(async (tx) => {
    // Processes creating or seeding shops at once take turns, so a name is never made twice.
    await lockSeeding(tx);
    if (await shopNameTaken(tx, shop.name, null))
      throw new CreateShopError(`A shop named "${shop.name}" exists already: nothing was created.`);
    const shopId = await insertShop(tx, shop);
    const token = await createToken(
      tx,
      { shopId },
      { kind: 'secret', label: 'first secret token (create-shop)', origins: [] },
    );
    return { shopId, token };
  });
  const signInCode = await newSignInCode(db, made.token.id, null);
  return { ...shop, shopId: made.shopId, token: made.token.token, signInCode };
}

/** Whether the database has no shop at all (the service then says how to make one). */
export async function hasNoShop(db: Database): Promise<boolean> {
  return (await countShops(db)) === 0;
}
