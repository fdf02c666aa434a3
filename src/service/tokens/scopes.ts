/**
 * What each kind of token may do (API.md §6): a secret token every scope; a publishable one,
 * safe in a page, only the storefront's reads and holds. The routes ask before they act.
 * @module
 */
import { ForbiddenError } from '../shared/errors.ts';
import type { AuthContext } from './types.ts';

/** Throws `ForbiddenError` (403) unless the request was made with a secret token. */
export function requireSecret(auth: Pick<AuthContext, 'kind'>, action: string): void {
  if (auth.kind !== 'secret')
    throw new ForbiddenError(`A publishable token cannot ${action}; use a secret token from your server.`);
}
