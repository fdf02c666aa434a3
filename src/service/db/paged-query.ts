/**
 * One page of a list and its total in a single statement, so `X-Total-Count` and the rows come
 * from the same snapshot even while other requests write (two statements could disagree).
 * @module
 */
import type { Queryable } from './types.ts';
import type { Page } from '../shared/page.ts';

/** What a list query needs: the matching rows, and how to turn them into page rows. */
export interface PagedQuery {
  /** `SELECT … FROM … WHERE …` of the matching rows; becomes the CTE `matched`. */
  matched: string;
  /** The page's `SELECT … FROM matched …` without ORDER BY, LIMIT or OFFSET; it must output `id`. */
  page: string;
  /** Output columns of `page` that order the list; the last must be unique (`id`). */
  orderBy: readonly string[];
  params: readonly unknown[];
}

/** Runs `query` for `page` and resolves to its rows and the total number that matched. */
export async function pagedQuery<Row extends { id: number }>(
  db: Queryable,
  query: PagedQuery,
  page: Page,
): Promise<{ rows: Row[]; total: number }> {
  const limit = query.params.length + 1;
  const order = query.orderBy.map((column) => `r.${column}`).join(', ');
  const sql = `WITH matched AS (${query.matched})
    SELECT t.total, r.* FROM (SELECT count(*)::int AS total FROM matched) t
    LEFT JOIN LATERAL (SELECT * FROM (${query.page}) r ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1}) r ON true
    ORDER BY ${order}`;
  const { rows } = await db.query<Row & { total: number }>(sql, [...query.params, page.per, page.offset]);
  const total = rows[0]?.total ?? 0;
  // An empty page is the one row of the LEFT JOIN, with NULL columns.
  return {
    rows: rows.filter((row) => row.id !== null).map(({ total: _total, ...row }) => row as unknown as Row),
    total,
  };
}
