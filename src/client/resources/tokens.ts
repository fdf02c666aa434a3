/**
 * Tokens (an extension; secret token): list, create (the token is in the answer once), revoke.
 * @module
 */
import type { NewToken, TokenCreateParams, TokenRecord } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

const PATH = '/v1/tokens';

/** Every token of the shop (hints only, never the tokens). */
export function listTokens(requester: Requester, options: RequestOptions = {}): ApiPromise<TokenRecord[]> {
  return apiPromise(requester.request<TokenRecord[]>({ ...options, method: 'GET', path: PATH }));
}

/** Creates a token; keep `token` from the answer: the service cannot show it again. Never retried. */
export function createToken(
  requester: Requester,
  params: TokenCreateParams,
  options: RequestOptions = {},
): ApiPromise<NewToken> {
  return apiPromise(requester.request<NewToken>({ ...options, method: 'POST', path: PATH, body: params }));
}

/** Revokes a token; 409 `in_use` for the shop's last secret token. */
export function revokeToken(requester: Requester, id: number | string, options: RequestOptions = {}): ApiPromise<void> {
  return apiPromise(
    requester.request<void>({ ...options, method: 'DELETE', path: `${PATH}/${encodeURIComponent(id)}` }),
  );
}

/** The token methods bound to one requester (`client.tokens`). */
export interface TokensResource {
  list(options?: RequestOptions): ApiPromise<TokenRecord[]>;
  create(params: TokenCreateParams, options?: RequestOptions): ApiPromise<NewToken>;
  revoke(id: number | string, options?: RequestOptions): ApiPromise<void>;
}

/** The token methods bound to `requester`. */
export function tokensResource(requester: Requester): TokensResource {
  return {
    list: (options) => listTokens(requester, options),
    create: (params, options) => createToken(requester, params, options),
    revoke: (id, options) => revokeToken(requester, id, options),
  };
}
