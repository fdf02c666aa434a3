import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { json, scriptedFetch, type Answer } from './fake-fetch.ts';

const BASE = 'https://bookings.test';
const records = (...ids: number[]) => ids.map((id) => ({ id }));

function clientAnswering(...answers: Answer[]) {
  const { fetch, sent } = scriptedFetch(...answers);
  return { client: createClient({ baseUrl: BASE, token: 'sk_test_harbour', fetch, retry: false }), sent };
}

async function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of iterator) all.push(item);
  return all;
}

function link(rels: Record<string, number>, per = 2): string {
  return Object.entries(rels)
    .map(([rel, page]) => `<https://elsewhere.example/v1/blackouts?page=${page}&per=${per}&token=secret>; rel="${rel}"`)
    .join(', ');
}

describe('iterate', () => {
  it('follows Link rel="next" through every page and stops where there is none', async () => {
    const { client, sent } = clientAnswering(
      json(200, records(1, 2), { Link: link({ next: 2, last: 3 }) }),
      json(200, records(3, 4), { Link: link({ prev: 1, next: 3, last: 3 }) }),
      json(200, records(5), { Link: link({ first: 1, prev: 2 }) }),
    );
    expect(await collect(client.blackouts.iterate({ per: 2, vendor: 'Harbour' }))).toEqual(records(1, 2, 3, 4, 5));
    // Only the page number is taken from the link: the host and token it names are never used.
    expect(sent.map((r) => r.url)).toEqual(
      [1, 2, 3].map((page) => `${BASE}/v1/blackouts?per=2&vendor=Harbour&page=${page}`),
    );
    expect(sent.every((r) => r.headers.authorization === 'Bearer sk_test_harbour')).toBe(true);
  });

  it('uses X-Total-Count when there is no Link header', async () => {
    const { client, sent } = clientAnswering(
      json(200, records(1, 2), { 'X-Total-Count': '5' }),
      json(200, records(3, 4), { 'X-Total-Count': '5' }),
      json(200, records(5), { 'X-Total-Count': '5' }),
    );
    expect(await collect(client.widgets.iterate({ per: 2 }))).toEqual(records(1, 2, 3, 4, 5));
    expect(sent).toHaveLength(3);
  });

  it('asks for the next page only while pages come back full when neither header is readable', async () => {
    const { client, sent } = clientAnswering(json(200, records(1, 2)), json(200, records(3, 4)), json(200, []));
    expect(await collect(client.reservations.iterate({ per: 2 }))).toEqual(records(1, 2, 3, 4));
    expect(sent).toHaveLength(3);
  });

  it('fetches a page only when the loop needs it', async () => {
    const { client, sent } = clientAnswering(
      json(200, records(1, 2), { Link: link({ next: 2 }) }),
      json(200, records(3)),
    );
    const iterator = client.blackouts.iterate({ per: 2 });
    expect(sent).toHaveLength(0);
    await iterator.next();
    await iterator.next();
    expect(sent).toHaveLength(1);
    await iterator.next();
    expect(sent).toHaveLength(2);
  });

  it('never repeats a record that moved to the next page while reading', async () => {
    // A new reservation arrived between the pages: the old 2 is now first on page 2.
    const { client } = clientAnswering(
      json(200, records(3, 2), { 'X-Total-Count': '4' }),
      json(200, records(2, 1), { 'X-Total-Count': '4' }),
    );
    expect(await collect(client.reservations.iterate({ per: 2 }))).toEqual(records(3, 2, 1));
  });

  it('never skips a page when next() is called several times at once', async () => {
    const { client } = clientAnswering(
      json(200, records(1, 2), { 'X-Total-Count': '3' }),
      json(200, records(3), { 'X-Total-Count': '3' }),
    );
    const iterator = client.widgets.iterate({ per: 2 });
    const results = await Promise.all([iterator.next(), iterator.next(), iterator.next(), iterator.next()]);
    expect(results.map((r) => r.value)).toEqual([...records(1, 2, 3), undefined]);
  });

  it('starts at the page the caller gives', async () => {
    const { client, sent } = clientAnswering(json(200, records(9)));
    expect(await collect(client.blackouts.iterate({ page: 5 }))).toEqual(records(9));
    expect(sent[0]?.url).toBe(`${BASE}/v1/blackouts?page=5`);
  });
});
