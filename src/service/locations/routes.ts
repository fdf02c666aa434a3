/**
 * GET and POST /v1/locations, PUT and DELETE /v1/locations/{id} (issue 18; secret tokens and
 * admin sessions only). The rules are in `locations.ts`.
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { jsonResponse } from '../http/errors.ts';
import { pathIdOr404 } from '../http/path-id.ts';
import { QueryReader } from '../http/query.ts';
import { requireSecret } from '../tokens/scopes.ts';
import { changeLocation, createLocation, readLocationInput, removeLocation } from './locations.ts';
import { listLocations } from './queries.ts';

/** The location endpoints. */
export const locationRoutes = new Hono<AppEnv>()
  .get('/v1/locations', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'list locations');
    new QueryReader(c.req.url).done();
    const records = await listLocations(deps.db, auth.shopId);
    return jsonResponse(records, 200, { 'x-total-count': String(records.length) });
  })
  .post('/v1/locations', async (c) => {
    const { auth, deps, body } = c.var;
    requireSecret(auth, 'create locations');
    const record = await createLocation(deps.db, auth, readLocationInput(body));
    return jsonResponse(record, 201, { location: `/v1/locations/${record.id}` });
  })
  .put('/v1/locations/:id', async (c) => {
    const { auth, deps, body } = c.var;
    requireSecret(auth, 'change locations');
    const id = pathIdOr404(c.req.param('id'), 'location');
    return jsonResponse(await changeLocation(deps.db, auth, id, readLocationInput(body)));
  })
  .delete('/v1/locations/:id', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'delete locations');
    await removeLocation(deps.db, auth, pathIdOr404(c.req.param('id'), 'location'));
    return c.body(null, 204);
  });
