/**
 * The audit log's one writer: middleware that, after a write (POST, PUT, PATCH, DELETE) answered
 * 2xx by a member of staff or a secret token, records who made it, what (the route's words,
 * audit/actions.ts) and when (the database's clock). It runs on every /v1 path, the admin's
 * staff and session paths and Shopify's webhooks, so an endpoint added later is recorded with
 * no code of its own.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { sqlNowOf } from '../shared/clock.ts';
import type { AuthContext } from '../tokens/types.ts';
import { actionWords, routePattern } from './actions.ts';
import { type Change, recordChange, shopOfDomain } from './queries.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The id a creation answered with (`{"id": 7}`), when the path names none. */
async function createdId(res: Response): Promise<string | undefined> {
  if (!res.headers.get('content-type')?.includes('json')) return undefined;
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { id?: unknown } | undefined;
  return typeof body?.id === 'number' || typeof body?.id === 'string' ? String(body.id) : undefined;
}

/**
 * The caller as the log names them, or undefined for a shopper's publishable token: a shopper's
 * holds and releases are the shop's stock moving, recorded on the hold itself (the Bookings
 * screen's holds), not changes by a person the shop answers for. At a busy shop they would
 * bury the staff's changes, and each would cost the hottest path (POST /v1/reservations) a write.
 */
function actorOf(auth: AuthContext): Pick<Change, 'actorKind' | 'staffId' | 'actor' | 'tokenId'> | undefined {
  if (auth.staff) return { actorKind: 'staff', staffId: auth.staff.id, actor: auth.staff.name, tokenId: null };
  if (auth.kind === 'secret') return { actorKind: 'token', staffId: null, actor: 'API token', tokenId: auth.tokenId };
  return undefined;
}

/** Records every successful write of an authenticated caller (the `auth` set by then). */
export function auditChanges(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    if (!WRITES.has(method) || c.res.status < 200 || c.res.status > 299) return;
    const auth = c.get('auth') as AuthContext | undefined;
    const actor = auth && actorOf(auth);
    if (!auth || !actor) return;
    const path = new URL(c.req.url).pathname.replace(/\/+$/, '');
    const { pattern, id } = routePattern(method, path);
    const targetId = id ?? (method === 'POST' ? await createdId(c.res) : undefined);
    const body = c.get('body') as { email?: unknown } | undefined;
    const email = typeof body?.email === 'string' ? body.email.trim() : undefined;
    const action = actionWords(pattern, { id: targetId, email });
    if (action === null) return;
    const { db, clock } = c.get('deps');
    await recordChange(
      db,
      { shopId: auth.shopId, ...actor, action, targetId: targetId ?? null, method, path },
      sqlNowOf(clock),
    ).catch(reportLost);
  };
}

/**
 * The change is made and answered: a log entry that cannot be written (the database gone a
 * moment) must not turn it into a 500 the caller would retry. It is reported instead.
 */
function reportLost(error: unknown): void {
  console.error('[booking-service] an audit log entry could not be written', error);
}

/** Words for Shopify's webhook topics. */
const TOPICS: Record<string, string> = {
  'orders/create': 'booked an order',
  'orders/paid': 'booked a paid order',
  'orders/cancelled': 'cancelled an order',
  'carts/update': 'updated a cart',
  'carts/create': 'updated a cart',
};

/** Records a Shopify webhook that was handled (not a replay of one already recorded). */
export function auditWebhooks(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'POST' || c.res.status < 200 || c.res.status > 299 || c.res.headers.get('x-replayed')) return;
    const { db, clock } = c.get('deps');
    const shopId = await shopOfDomain(db, c.req.header('x-shopify-shop-domain') ?? '');
    if (shopId === undefined) return;
    const topic = c.req.header('x-shopify-topic') ?? '';
    const order = c.res.headers.get('content-type')?.includes('json')
      ? ((await c.res
          .clone()
          .json()
          .catch(() => undefined)) as { order_id?: unknown } | undefined)
      : undefined;
    await recordChange(
      db,
      {
        shopId,
        actorKind: 'shopify',
        staffId: null,
        actor: 'Shopify',
        tokenId: null,
        action: TOPICS[topic] ?? `sent ${topic || 'a webhook'}`,
        targetId: order?.order_id === undefined ? null : String(order.order_id),
        method: 'POST',
        path: `/shopify/webhooks ${topic}`.trim(),
      },
      sqlNowOf(clock),
    ).catch(reportLost);
  };
}
