// Reads a CDN or the browser can reuse: a publishable token's GET of widgets, blackouts and
// availability carries a strong ETag and its own Cache-Control, and a matching If-None-Match
// gets 304 without a body; a secret token's reads stay no-store.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api, TOKENS } from '../api.ts';

const READS = [
  ['/v1/widgets', 'max-age=300'],
  ['/v1/blackouts?per=250', 'max-age=60'],
  ['/v1/availability?external_variant_id=8001&start=2026-12-01&finish=2027-01-01', 'max-age=15'],
] as const;

const withToken = (path: string, token: string) => `${path}${path.includes('?') ? '&' : '?'}token=${token}`;

describeEachDatabase('cacheable reads', (database) => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService({ database });
  });
  afterAll(async () => {
    await service.close();
  });

  for (const [path, maxAge] of READS) {
    it(`${path.split('?')[0]}: a strong ETag, public ${maxAge} with the token in the URL, and 304 to a matching If-None-Match`, async () => {
      const first = await api(service).get(withToken(path, TOKENS.publishable), { token: null });
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
      expect(first.headers.get('cache-control')).toBe(`public, ${maxAge}, must-revalidate`);
      const again = await api(service).get(withToken(path, TOKENS.publishable), {
        token: null,
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(`public, ${maxAge}, must-revalidate`);
      // A weak form of the same tag, or one of a list, matches too (RFC 9110's weak comparison).
      expect(
        (
          await api(service).get(withToken(path, TOKENS.publishable), {
            token: null,
            headers: { 'if-none-match': `"x", W/${etag}` },
          })
        ).status,
      ).toBe(304);
      expect(
        (
          await api(service).get(withToken(path, TOKENS.publishable), {
            token: null,
            headers: { 'if-none-match': '"other"' },
          })
        ).status,
      ).toBe(200);
      // The token in the header: the URL does not say whose answer it is, so only the browser keeps it.
      const header = await api(service).get(path, { token: TOKENS.publishable });
      expect(header.headers.get('cache-control')).toBe(`private, ${maxAge}, must-revalidate`);
      // (Another URL, so another Link header: its own tag.)
      expect(header.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
      // A secret token's read is never stored, and has no validator.
      const secret = await api(service).get(path);
      expect(secret.headers.get('cache-control')).toBe('no-store');
      expect(secret.headers.get('etag')).toBeNull();
      expect((await api(service).get(path, { headers: { 'if-none-match': etag } })).status).toBe(200);
    });
  }

  it('the tag changes with the data, and with the headers that describe the list', async () => {
    const tag = async (path: string) =>
      (await api(service).get(withToken(path, TOKENS.publishable), { token: null })).headers.get('etag');
    const before = await tag('/v1/blackouts?per=1');
    const created = await api(service).post('/v1/blackouts', { starts_at: '2030-01-01', finishes_at: '2030-01-02' });
    expect(created.status).toBe(201);
    // Page 1 of one item may hold the same record, but X-Total-Count and Link have changed.
    expect(await tag('/v1/blackouts?per=1')).not.toBe(before);
    await api(service).delete(`/v1/blackouts/${created.body.id}`);
    expect(await tag('/v1/blackouts?per=1')).toBe(before);
  });

  it('errors are not cacheable', async () => {
    const bad = await api(service).get(withToken('/v1/availability?external_variant_id=8001', TOKENS.publishable), {
      token: null,
    });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('cache-control')).toBe('no-store');
    expect(bad.headers.get('etag')).toBeNull();
  });
});
