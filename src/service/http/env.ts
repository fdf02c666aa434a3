/**
 * The Hono environment of the service: what middleware hands to the routes.
 * @module
 */
import type { Clock } from '../shared/clock.ts';
import type { Database } from '../db/types.ts';
import type { AuthContext } from '../tokens/types.ts';

/** Per-request values set by middleware. */
export interface AppVariables {
  /** The verified token and its shop. */
  auth: AuthContext;
  /**
   * The shop's data version, read after the request arrived, when its token's verification read
   * it (not for admin sessions or the app proxy): the blackout list cache compares with it.
   */
  shopVersion: number | undefined;
  /** The parsed JSON body of a POST or PUT. */
  body: unknown;
  /** CORS headers for an allowed browser origin, added to every answer. */
  cors: Record<string, string> | undefined;
  /** The service's dependencies. */
  deps: AppDeps;
  /** `digestOf` the body, when a route has it at hand: the ETag then need not read the body (http/caching.ts). */
  bodyDigest: string | undefined;
  /** The caller's address (http/client-address.ts), if known: the key of per-client limits. */
  client: string | undefined;
}

/**
 * The second argument of `app.fetch(request, env)`: @hono/node-server passes its `incoming`
 * request (the socket's address); an in-process caller may name its address instead.
 */
export interface ClientEnv {
  clientAddress?: string;
  incoming?: unknown;
}

/** What every route may use. */
export interface AppDeps {
  db: Database;
  clock: Clock;
  /** The service's public origin (`PUBLIC_URL`), when it is behind a proxy (http/own-origin.ts). */
  publicOrigin?: string;
  /** Whether `X-Forwarded-Proto` is believed (set with `TRUST_PROXY_HEADER`). */
  trustForwardedProto?: boolean;
  /** `MAIL_FROM`: the From address of booking messages (messages/mail-settings.ts). */
  mailFrom?: string;
  /** The key manage links are signed with (`MANAGE_LINK_SECRET`, else the database's: manage/secret-queries.ts). */
  manageSecret: () => Promise<string>;
}

/** The Hono `Env` of the service. */
export interface AppEnv {
  Variables: AppVariables;
  Bindings: ClientEnv;
}
