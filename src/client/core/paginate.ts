import { PAGE_DEFAULT_PER } from '../../shared/params.ts';
import type { PageParams } from '../../shared/params.ts';
import type { RequestOptions, Requester } from './types.ts';

/**
 * The page after `page`, read from the response (API.md §5): the `page` of the `Link` header's
 * `rel="next"` target; without a `Link`, `X-Total-Count`; without either (a browser sees
 * neither cross-origin unless the service exposes them), whether the page came back full.
 * Only the page number is taken from the link, never its URL, so a token is never sent to
 * a host the header names.
 */
export function nextPage(response: Response, page: number, per: number, count: number): number | undefined {
  if (count === 0) return undefined;
  const link = response.headers.get('Link');
  if (link !== null) {
    for (const [, target = '', params = ''] of link.matchAll(/<([^>]*)>([^,]*)/g)) {
      const rel = /;\s*rel="?([^";]*)"?/i.exec(params)?.[1] ?? '';
      if (!rel.split(/\s+/).includes('next')) continue;
      const next = Number(new URL(target, 'http://link.invalid').searchParams.get('page'));
      // A next link whose page does not move forward would loop for ever; take the page after.
      return Number.isInteger(next) && next > page ? next : page + 1;
    }
    return undefined;
  }
  const total = response.headers.get('X-Total-Count');
  if (total !== null && /^\d+$/.test(total.trim())) return page * per < Number(total) ? page + 1 : undefined;
  return count >= per ? page + 1 : undefined;
}

/**
 * Every record of a list endpoint, page after page, each page fetched only when the one before
 * is used up. Records are yielded once by `id`: a record that moves to a later page while we
 * read (a new reservation pushes older ones down) is not repeated. Calls of `next()` made
 * together are queued by the generator, so none skips a page.
 */
export async function* paginate<T extends { id: number }>(
  requester: Requester,
  path: string,
  params: PageParams = {},
  options: RequestOptions = {},
): AsyncGenerator<T, void, undefined> {
  const per = params.per ?? PAGE_DEFAULT_PER;
  const seen = new Set<number>();
  let page: number | undefined = params.page ?? 1;
  while (page !== undefined) {
    const { data, response } = await requester.request<T[]>({
      ...options,
      method: 'GET',
      path,
      query: { ...params, page },
    });
    for (const record of data) {
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      yield record;
    }
    page = nextPage(response, page, per, data.length);
  }
}
