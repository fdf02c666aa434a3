/**
 * Pages of every list endpoint (seed §4, API.md §5): `page` ≥ 1, `per` 1-250, bare JSON arrays,
 * with `X-Total-Count` and a `Link` header.
 * @module
 */
import { PAGE_DEFAULT_PER, PAGE_MAX_PER } from '../../shared/params.ts';
import type { Page } from '../shared/page.ts';
import type { QueryReader } from './query.ts';

/** Reads `page` and `per` (errors go to the reader's 422). */
export function readPage(query: QueryReader): Page {
  const page = query.int('page', { min: 1, max: 1_000_000 }) ?? 1;
  const per = query.int('per', { min: 1, max: PAGE_MAX_PER }) ?? PAGE_DEFAULT_PER;
  return { page, per, offset: (page - 1) * per };
}

/** `X-Total-Count` and `Link` (first, prev, next, last where they exist) for one page. */
export function pageHeaders(requestUrl: string, page: Page, total: number): Record<string, string> {
  const last = Math.max(1, Math.ceil(total / page.per));
  const link = (n: number, rel: string) => {
    const url = new URL(requestUrl);
    url.searchParams.set('page', String(n));
    url.searchParams.set('per', String(page.per));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page.page > 1) links.push(link(Math.min(page.page - 1, last), 'prev'));
  if (page.page < last) links.push(link(page.page + 1, 'next'));
  links.push(link(last, 'last'));
  return { 'x-total-count': String(total), link: links.join(', ') };
}
