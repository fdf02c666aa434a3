/**
 * Pages of every list endpoint (seed §4, API.md §5): bare JSON arrays, with `X-Total-Count` and a
 * `Link` header (`page` and `per` are read by `shared/query-schemas.ts`).
 * @module
 */
import type { Page } from '../shared/page.ts';

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
