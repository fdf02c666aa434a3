/**
 * The publishable scopes of the requests Shopify's app proxy signed (proxy/routes.ts), keyed by
 * the Request object the service itself created for each: no client can name one, so none can
 * claim these scopes. The authentication middleware reads them.
 * @module
 */
import type { AuthContext } from '../tokens/types.ts';

/** The scopes of each request the app proxy created. */
export const proxiedAuth = new WeakMap<Request, AuthContext>();
