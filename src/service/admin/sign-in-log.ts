/**
 * Sign-ins in the shop's Activity (the audit log, issue 38 point 3). A successful sign-in by
 * password, passkey, invitation or emailed link is recorded by the audit middleware from its
 * route (audit/actions.ts); this module records what that middleware cannot see: the owner's
 * one-time link (a GET) and every refused or limited attempt, which signs no one in. A refusal
 * is recorded in the account's shop, named by the account; an address no account has, in the
 * shop of a service that holds one shop (with several, it is no shop's business), named by the
 * address typed. The password is never recorded.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { recordChange } from '../audit/queries.ts';
import { staffByEmail } from '../staff/queries.ts';
import { loneShop } from './queries.ts';

/** Why an attempt was refused, in the shopkeeper's words. */
export const REFUSALS = {
  password: 'sign-in refused: wrong password',
  unknown: 'sign-in refused: no account has this address',
  limited: 'sign-in refused: too many attempts',
  passkey: 'sign-in refused: the passkey was not accepted',
} as const;

/** What a recorded entry of this module names: its route, for the log's method and path. */
interface Where {
  method: string;
  path: string;
}

/** Records the owner's sign-in with the one-time link. */
export async function logLinkSignIn(
  db: Queryable,
  who: { shopId: number; staffId: number; name: string },
  sqlNow: number | null,
): Promise<void> {
  await recordChange(
    db,
    {
      shopId: who.shopId,
      actorKind: 'staff',
      staffId: who.staffId,
      actor: who.name,
      tokenId: null,
      action: 'signed in with the owner’s one-time link',
      targetId: null,
      method: 'GET',
      path: '/admin/sign-in/{code}',
    },
    sqlNow,
  ).catch(reportLost);
}

/**
 * Records a refused attempt with `email` (the address typed, or '' for a passkey): in the
 * account's shop, or the lone shop's for an address no account has. `why` 'password' becomes
 * 'unknown' when no account has the address.
 */
export async function logRefusal(
  db: Queryable,
  email: string,
  why: keyof typeof REFUSALS,
  where: Where,
  sqlNow: number | null,
): Promise<void> {
  try {
    const account = email ? await staffByEmail(db, email) : undefined;
    const shopId = account?.shop_id ?? (await loneShop(db));
    if (shopId === undefined) return;
    const reason = account || why !== 'password' ? why : 'unknown';
    await recordChange(
      db,
      {
        shopId,
        actorKind: account ? 'staff' : 'visitor',
        staffId: account?.id ?? null,
        actor: account ? account.name || email : email ? `Someone (${email.slice(0, 254)})` : 'Someone',
        tokenId: null,
        action: REFUSALS[reason],
        targetId: null,
        ...where,
      },
      sqlNow,
    );
  } catch (error) {
    reportLost(error);
  }
}

/** A log entry that cannot be written must not change the answer (as audit-middleware.ts). */
function reportLost(error: unknown): void {
  console.error('[booking-service] an audit log entry could not be written', error);
}
