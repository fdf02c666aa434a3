import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, TOKENS, withService } from '../api.ts';

describeEachDatabase('Tokens (merchant API)', (database) => {
  it('creates a publishable token with its origins, shown once; it works from those origins only', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const made = await a.post('/v1/tokens', {
        kind: 'publishable',
        label: 'Shop front',
        origins: ['https://Shop.Example/', 'https://shop.example'],
      });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({
        kind: 'publishable',
        label: 'Shop front',
        origins: ['https://shop.example'],
        token: expect.stringMatching(/^pk_live_[A-Za-z0-9_-]{43}$/),
      });
      expect(made.body.hint).toBe(`pk_…${made.body.token.slice(-4)}`);
      const listed = (await a.get('/v1/tokens')).body;
      expect(listed.find((t: { id: number }) => t.id === made.body.id)).not.toHaveProperty('token');
      expect(JSON.stringify(listed)).not.toContain(made.body.token);
      // Only the SHA-256 of the token is kept: no column of its row holds the token itself.
      const stored = (await service.db.query('SELECT * FROM tokens WHERE id = $1', [made.body.id])).rows[0] as Record<
        string,
        unknown
      >;
      expect(stored.token_hash).toBe(createHash('sha256').update(made.body.token, 'utf8').digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(made.body.token);
      const ok = await a.get('/v1/widgets', { token: made.body.token, headers: { origin: 'https://shop.example' } });
      expect(ok.status).toBe(200);
      expect(
        (await a.get('/v1/widgets', { token: made.body.token, headers: { origin: 'https://evil.example' } })).status,
      ).toBe(403);
    });
  });

  it('refuses bad origins and fields with one 422, and creates nothing', async () => {
    await withService(database, async (service) => {
      const before = (await api(service).get('/v1/tokens')).body.length;
      const r = await api(service).post('/v1/tokens', {
        kind: 'publishable',
        origins: ['https://shop.example/products', 'ftp://x', 'shop.example'],
        scopes: ['all'],
      });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.details.fields).sort()).toEqual(['origins[0]', 'origins[1]', 'origins[2]', 'scopes']);
      expect((await api(service).post('/v1/tokens', { kind: 'secret', origins: ['https://a.example'] })).status).toBe(
        422,
      );
      expect((await api(service).post('/v1/tokens', { kind: 'admin' })).status).toBe(422);
      expect((await api(service).get('/v1/tokens')).body.length).toBe(before);
    });
  });

  it('revokes a token: refused from then on (no token cache), and never the shop’s last secret token', async () => {
    await withService(
      database,
      async (service) => {
        const a = api(service);
        const secret = (await a.post('/v1/tokens', { kind: 'secret', label: 'CI' })).body;
        expect(secret.token).toMatch(/^sk_live_/);
        expect((await a.get('/v1/bookings', { token: secret.token })).status).toBe(200);
        expect((await a.delete(`/v1/tokens/${secret.id}`)).status).toBe(204);
        expect((await a.get('/v1/bookings', { token: secret.token })).status).toBe(401);
        const original = (await a.get('/v1/tokens')).body.find((t: { kind: string }) => t.kind === 'secret');
        const last = await a.delete(`/v1/tokens/${original.id}`);
        expect(last.status).toBe(409);
        expect(last.body.error).toBe('in_use');
        expect((await a.get('/v1/tokens')).status).toBe(200);
      },
      { tokenCacheMs: 0 },
    );
  });

  it('keeps tokens to their shop and to secret tokens', async () => {
    await withService(database, async (service) => {
      const mine = (await api(service).get('/v1/tokens')).body as { id: number }[];
      expect((await api(service).delete(`/v1/tokens/${mine[0]!.id}`, { token: TOKENS.otherSecret })).status).toBe(404);
      expect((await api(service).get('/v1/tokens', { token: TOKENS.publishable })).status).toBe(403);
      expect((await api(service).post('/v1/tokens', { kind: 'secret' }, { token: TOKENS.publishable })).status).toBe(
        403,
      );
      expect((await api(service).get('/v1/tokens')).body).toEqual(mine);
    });
  });
});
