import { describe, expect, it } from 'vitest';
import { createTestService } from '../helpers/service.ts';
import { postgresAvailable } from '../helpers/postgres.ts';

describe('the service skeleton', () => {
  it('answers 404 envelope, 405 with Allow, 401 without a token', async () => {
    const s = await createTestService();
    const r1 = await s.fetch(new Request('http://booking.test/v1/nothing', { headers: { authorization: 'Bearer sk_test_harbour' } }));
    expect(r1.status).toBe(404);
    expect(await r1.json()).toMatchObject({ error: 'not_found' });
    const r2 = await s.fetch(new Request('http://booking.test/v1/widgets', { method: 'DELETE' }));
    expect(r2.status).toBe(405);
    expect(r2.headers.get('allow')).toBe('GET, OPTIONS');
    const r3 = await s.fetch(new Request('http://booking.test/v1/widgets/'));
    expect(r3.status).toBe(401);
    expect(r3.headers.get('www-authenticate')).toContain('Bearer');
    const r4 = await s.fetch(new Request('http://booking.test/v1/widgets?token=pk_test_harbour', { headers: { origin: 'https://evil.example' } }));
    expect(r4.status).toBe(403);
    const r5 = await s.fetch(new Request('http://booking.test/v1/widgets?token=pk_test_harbour', { headers: { origin: 'https://harbour.example' } }));
    expect(r5.status).toBe(404);
    expect(r5.headers.get('access-control-allow-origin')).toBe('https://harbour.example');
    const r6 = await s.fetch(new Request('http://booking.test/v1/reservations', { method: 'POST', headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' }, body: '{nope' }));
    expect(r6.status).toBe(400);
    const r7 = await s.fetch(new Request('http://booking.test/v1/reservations', { method: 'POST', headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'text/plain' }, body: '{}' }));
    expect(r7.status).toBe(415);
    const r8 = await s.fetch(new Request('http://booking.test/v1/reservations', { method: 'POST', headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' }, body: 'x'.repeat(70000) }));
    expect(r8.status).toBe(413);
    const r9 = await s.fetch(new Request('http://booking.test/v1/widgets', { method: 'OPTIONS', headers: { origin: 'https://harbour.example', 'access-control-request-method': 'GET' } }));
    expect(r9.status).toBe(204);
    expect(r9.headers.get('access-control-allow-origin')).toBe('https://harbour.example');
    await s.close();
  });
  it('runs on postgres', async () => {
    if (!(await postgresAvailable())) return;
    const s = await createTestService({ database: 'postgres' });
    const r3 = await s.fetch(new Request('http://booking.test/v1/widgets/'));
    expect(r3.status).toBe(401);
    const { rows } = await s.db.query<{ n: number }>('select count(*)::int as n from variants');
    expect(rows[0]!.n).toBe(4);
    await s.close();
  });
});
