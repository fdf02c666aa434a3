import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api, TOKENS } from '../api.ts';

const SHOP_ORIGIN = 'https://harbour.example';

describeEachDatabase('authentication, scopes and CORS', (database) => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService({ database });
  });
  afterAll(() => service.close());

  it('answers a request without a token with 401 and a Bearer challenge', async () => {
    const { status, body, headers } = await api(service).get('/v1/widgets', { token: null });
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    expect(headers.get('www-authenticate')).toBe('Bearer realm="booking"');
  });

  it('answers an unknown or revoked-looking token with 401 invalid_token', async () => {
    for (const token of ['sk_test_nobody', 'pk_test_harbour2', 'sk_test_harbou', 'x'.repeat(300)]) {
      const { status, headers } = await api(service).get('/v1/widgets', { token });
      expect(status).toBe(401);
      expect(headers.get('www-authenticate')).toBe('Bearer realm="booking", error="invalid_token"');
    }
  });

  it('answers a malformed Authorization header with 400', async () => {
    for (const authorization of ['Basic c2s6eA==', 'Bearer', 'sk_test_harbour', 'Bearer a b']) {
      const { status, body } = await api(service).get('/v1/widgets', { headers: { authorization } });
      expect(status, authorization).toBe(400);
      expect(body.error).toBe('bad_request');
    }
  });

  it('accepts the Bearer scheme in any case', async () => {
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      expect(
        (await api(service).get('/v1/widgets', { headers: { authorization: `${scheme} ${TOKENS.secret}` } })).status,
      ).toBe(200);
    }
  });

  it('stores only a hash of each token, never the token itself', async () => {
    const { rows } = await service.db.query<Record<string, unknown>>('SELECT * FROM tokens');
    const stored = JSON.stringify(rows);
    for (const token of Object.values(TOKENS)) {
      expect(stored).not.toContain(token);
      expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    }
  });

  it('refuses a secret token in the URL with 403', async () => {
    const { status, body } = await api(service).get(`/v1/widgets?token=${TOKENS.secret}`, { token: null });
    expect(status).toBe(403);
    expect(body.error).toBe('forbidden');
  });

  it('refuses a secret token sent from a browser page (with an Origin) with 403', async () => {
    const { status } = await api(service).get('/v1/widgets', { headers: { origin: SHOP_ORIGIN } });
    expect(status).toBe(403);
  });

  it('serves a publishable token from its allowed origins with CORS headers exposing Date, Link and X-Total-Count', async () => {
    for (const origin of [SHOP_ORIGIN, 'http://localhost:8787']) {
      const { status, headers } = await api(service).get(`/v1/blackouts?token=${TOKENS.publishable}`, {
        token: null,
        headers: { origin },
      });
      expect(status).toBe(200);
      expect(headers.get('access-control-allow-origin')).toBe(origin);
      expect(headers.get('vary')).toBe('Origin');
      expect(headers.get('access-control-expose-headers')).toBe('Date, Link, X-Total-Count, Retry-After');
    }
  });

  it('adds the CORS headers to errors for an allowed origin too, so the page can read them', async () => {
    const { status, headers } = await api(service).get('/v1/blackouts/999999', {
      token: TOKENS.publishable,
      headers: { origin: SHOP_ORIGIN },
    });
    expect(status).toBe(404);
    expect(headers.get('access-control-allow-origin')).toBe(SHOP_ORIGIN);
  });

  it("refuses a publishable token from another origin, even another shop's, with a 403 the page can read: it names the site and how to allow it, and serves nothing", async () => {
    for (const origin of [
      'https://evil.example',
      'https://alpine.example',
      'null',
      'https://harbour.example.evil.com',
    ]) {
      const { status, headers, body } = await api(service).get('/v1/widgets', {
        token: TOKENS.publishable,
        headers: { origin },
      });
      expect(status).toBe(403);
      // Readable by the page (else the browser reports a network failure), and nothing more:
      // no credentials, no methods, and the answer is the refusal, not the widgets.
      expect(headers.get('access-control-allow-origin')).toBe(origin);
      expect(headers.get('access-control-allow-credentials')).toBeNull();
      expect(headers.get('access-control-allow-methods')).toBeNull();
      expect(body).toMatchObject({ error: 'forbidden', details: { origin } });
      expect(body.message).toContain(origin);
      expect(body.message).toMatch(/Install screen|POST \/v1\/tokens/);
    }
  });

  it('a hold posted from a site the token does not list is refused, readable, and holds nothing', async () => {
    const origin = 'https://evil.example';
    const { status, headers, body } = await api(service).post(
      '/v1/reservations',
      { cart_token: 'refused-site', items: [{ external_id: 8001, start: '2026-12-10', quantity: 1 }] },
      { token: TOKENS.publishable, headers: { origin } },
    );
    expect(status).toBe(403);
    expect(headers.get('access-control-allow-origin')).toBe(origin);
    expect(body).toMatchObject({ error: 'forbidden', details: { origin } });
    const { rows } = await service.db.query("SELECT 1 FROM reservations WHERE cart_token = 'refused-site'");
    expect(rows).toEqual([]);
  });

  it('serves a publishable token without an Origin (a same-origin GET or a server)', async () => {
    expect((await api(service).get('/v1/widgets', { token: TOKENS.publishable })).status).toBe(200);
  });

  it("shows each shop's publishable token only that shop's data", async () => {
    const { body } = await api(service).get('/v1/blackouts', {
      token: TOKENS.otherPublishable,
      headers: { origin: 'https://alpine.example' },
    });
    const own = await api(service).get('/v1/blackouts', { token: TOKENS.otherSecret });
    expect(own.body.map((b: { title: string }) => b.title)).toEqual(['Inventory']);
    // The same blackouts; a publishable token reads no merchant's title (issue 27).
    expect(body.map((b: { id: number; title: null }) => [b.id, b.title])).toEqual(
      own.body.map((b: { id: number }) => [b.id, null]),
    );
  });

  it('refuses blackout writes with a publishable token (403), while it may read widgets and blackouts', async () => {
    const token = TOKENS.publishable;
    expect((await api(service).get('/v1/widgets', { token })).status).toBe(200);
    expect((await api(service).get('/v1/blackouts', { token })).status).toBe(200);
    expect(
      (await api(service).post('/v1/blackouts', { starts_at: '2026-12-20', finishes_at: '2026-12-21' }, { token }))
        .status,
    ).toBe(403);
    expect((await api(service).put('/v1/blackouts/1', { title: 'x' }, { token })).status).toBe(403);
    expect((await api(service).delete('/v1/blackouts/1', { token })).status).toBe(403);
  });

  it('answers a CORS preflight from an allowed origin with 204, the methods and headers, before any token', async () => {
    const { status, headers, text } = await api(service).call('OPTIONS', '/v1/blackouts', {
      token: null,
      headers: {
        origin: SHOP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(status).toBe(204);
    expect(text).toBe('');
    expect(headers.get('access-control-allow-origin')).toBe(SHOP_ORIGIN);
    expect(headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Idempotency-Key');
    expect(headers.get('access-control-max-age')).toBe('7200');
  });

  it('refuses a preflight from an origin no publishable token allows with 403', async () => {
    const { status, headers } = await api(service).call('OPTIONS', '/v1/widgets', {
      token: null,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(status).toBe(403);
    expect(headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a plain OPTIONS with Allow, and OPTIONS on an unknown path with 404', async () => {
    const plain = await api(service).call('OPTIONS', '/v1/blackouts/5/', { token: null });
    expect(plain.status).toBe(204);
    expect(plain.headers.get('allow')).toBe('GET, PUT, DELETE, OPTIONS');
    expect((await api(service).call('OPTIONS', '/v1/nothing', { token: null })).status).toBe(404);
  });
});
