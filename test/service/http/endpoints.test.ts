// The methods of each path come from the registered routes (src/service/http/endpoints.ts).
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { allowedMethodsOf } from '../../../src/service/http/endpoints.ts';

describe('allowedMethodsOf', () => {
  const routes = new Hono()
    .use('/v1/*', async (_c, next) => next())
    .get('/v1/things', (c) => c.body(null))
    .post('/v1/things', (c) => c.body(null))
    .get('/v1/things/:id', (c) => c.body(null))
    .delete('/v1/things/:id', (c) => c.body(null)).routes;
  const allowed = allowedMethodsOf(routes);

  it('lists each path’s methods in the order they were registered, without middleware', () => {
    expect(allowed('/v1/things')).toEqual(['GET', 'POST']);
    expect(allowed('/v1/things/42')).toEqual(['GET', 'DELETE']);
  });

  it('ignores a trailing slash and matches a parameter as one whole segment', () => {
    expect(allowed('/v1/things/')).toEqual(['GET', 'POST']);
    expect(allowed('/v1/things/42/')).toEqual(['GET', 'DELETE']);
    expect(allowed('/v1/things/42/more')).toBeUndefined();
    expect(allowed('/v1/thingsx')).toBeUndefined();
    expect(allowed('/v1')).toBeUndefined();
  });
});
