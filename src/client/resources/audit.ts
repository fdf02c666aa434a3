/**
 * The shop's audit log (GET /v1/audit, an extension; secret token or an admin session): who
 * changed what and when, newest first, one page at a time.
 * @module
 */
import type { PageParams } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

/** One change: who (a member of staff, an API token, Shopify, a shopper's cart), what and when. */
export interface AuditEntry {
  id: number;
  /** When, by the database's clock (ISO 8601, UTC). */
  at: string;
  actor_kind: 'staff' | 'token' | 'shopify' | 'cart' | 'customer' | 'visitor';
  staff_id: number | null;
  /** "Sam Ortiz", "API token sk_…3f9a", "Shopify", "Shopper's cart 1f2e3d4c…" */
  actor: string;
  /** "cancelled booking 42", "released hold 7", "changed variant 3" */
  action: string;
  target_id: string | null;
  method: string;
  path: string;
}

/** One page of the shop's audit log, newest first. */
export function listAudit(
  requester: Requester,
  params: PageParams = {},
  options: RequestOptions = {},
): ApiPromise<AuditEntry[]> {
  return apiPromise(requester.request<AuditEntry[]>({ ...options, method: 'GET', path: '/v1/audit', query: params }));
}

/** The audit log's methods bound to one requester (`client.audit`). */
export interface AuditResource {
  list(params?: PageParams, options?: RequestOptions): ApiPromise<AuditEntry[]>;
}

/** The audit log's methods bound to `requester`. */
export function auditResource(requester: Requester): AuditResource {
  return { list: (params, options) => listAudit(requester, params, options) };
}
