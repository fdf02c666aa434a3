/**
 * A repeat page view's API cost: the widget's GETs of one product page (widgets, blackouts,
 * two months of availability, sent together as the widget sends them), first without
 * validators, then again with the `If-None-Match` of the first answers, as a browser or CDN
 * revalidates once `max-age` has passed (within it they would not ask at all). Bytes are the
 * HTTP/1.1 response as sent: status line, headers and body.
 * @module
 */
import { bytes, median, ms, type Row } from './util.ts';

/** The response's size on the wire (HTTP/1.1, without chunk framing) and its ETag. */
async function shot(url: string, etag?: string): Promise<{ size: number; etag: string | null; status: number }> {
  const response = await fetch(url, { headers: etag ? { 'if-none-match': etag } : {} });
  const body = new Uint8Array(await response.arrayBuffer());
  let size = `HTTP/1.1 ${response.status} ${response.statusText}\r\n\r\n`.length + body.byteLength;
  response.headers.forEach((value, name) => (size += name.length + value.length + 4));
  return { size, etag: response.headers.get('etag'), status: response.status };
}

/** `views` page views of `urls`, first and repeat, as two rows. */
export async function repeatView(urls: readonly string[], label: string, views = 100): Promise<Row[]> {
  const first = { ms: [] as number[], size: 0, statuses: new Map<number, number>() };
  const repeat = { ms: [] as number[], size: 0, statuses: new Map<number, number>() };
  let tags: Array<string | undefined> = [];
  for (let v = 0; v < views; v++) {
    for (const [phase, withTags] of [
      [first, false],
      [repeat, true],
    ] as const) {
      const t0 = performance.now();
      const answers = await Promise.all(urls.map((url, i) => shot(url, withTags ? tags[i] : undefined)));
      phase.ms.push(performance.now() - t0);
      phase.size = answers.reduce((sum, a) => sum + a.size, 0);
      for (const a of answers) phase.statuses.set(a.status, (phase.statuses.get(a.status) ?? 0) + 1);
      if (!withTags) tags = answers.map((a) => a.etag ?? undefined);
    }
  }
  const statuses = (m: Map<number, number>) => [...m].map(([s, n]) => `${s}: ${n}`).join(', ');
  const row = (subject: string, p: typeof first, reference: string): Row => ({
    section: 'Service',
    subject: `${subject} (${label})`,
    measure: `API bytes · time per view (median of ${views}, ${urls.length} GETs at once)`,
    value: `${bytes(p.size)} · ${ms(median(p.ms))}`,
    reference,
  });
  return [
    row('product page, first view', first, `no validators; ${statuses(first.statuses)}`),
    row(
      'product page, repeat view',
      repeat,
      `If-None-Match from the first view: ${((repeat.size / first.size) * 100).toFixed(1)}% of its bytes, ${(median(repeat.ms) / median(first.ms)).toFixed(2)}× its time; ${statuses(repeat.statuses)}`,
    ),
  ];
}
