/**
 * The digest an answer's ETag is made from (http/caching.ts), here so that code keeping an
 * answer's bytes (blackouts/list-cache.ts) can compute it once instead of at every request.
 * @module
 */
import { createHash } from 'node:crypto';

/** SHA-256 of `bytes`, base64url. */
export function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url');
}
