/**
 * A fresh one-time owner link for a shop the database has (issue 38 point 3): the way back for
 * an owner who came by the link and never set a password, or forgot it and has no address to
 * reset it by. `npm run service -- --owner-link "<shop>"` (cli.ts) prints it; it signs in as the
 * shop's owner (admin/routes.ts, GET /admin/sign-in/{code}) like the link `--create-shop` prints.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { secretTokenOfShop, shopNames } from './queries.ts';
import { newSignInCode } from './sessions.ts';

/** No link can be made: no shop has the name, or the shop has no secret token left. */
export class OwnerLinkError extends Error {
  override readonly name = 'OwnerLinkError';
}

/** A new one-time sign-in code for the owner of the shop named `shopName`. */
export async function ownerLinkCode(db: Queryable, shopName: string, sqlNow: number | null): Promise<string> {
  const tokenId = await secretTokenOfShop(db, shopName);
  if (tokenId === undefined) {
    const names = await shopNames(db);
    if (!names.includes(shopName))
      throw new OwnerLinkError(
        `No shop is named "${shopName}". The shops are: ${names.map((name) => `"${name}"`).join(', ') || 'none'}.`,
      );
    // A code is made for a secret token (admin_sign_in_codes.token_id): its shop is the one signed in to.
    throw new OwnerLinkError(
      `The shop "${shopName}" has no secret token left, and a sign-in link is made for one: its tokens were all revoked.`,
    );
  }
  return newSignInCode(db, tokenId, sqlNow);
}
