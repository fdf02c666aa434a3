/**
 * POST /v1/reservations (API.md §3): hold a cart's items. Secret and publishable tokens alike
 * (a publishable one only from an allowed origin, checked by `authenticate`).
 * @module
 */
import type { App } from '../app.ts';
import { holdItems } from './holds.ts';
import { readHoldInput } from './input.ts';
import { jsonResponse } from '../http/errors.ts';

/** Registers POST /v1/reservations: 201 when the cart's reservation is created, 200 when updated. */
export function reservationWriteRoutes(app: App): void {
  app.post('/v1/reservations', async (c) => {
    const input = readHoldInput(c.var.body);
    const { deps, auth } = c.var;
    const { reservation, created } = await holdItems(deps.db, auth, input, () => deps.clock.now());
    return jsonResponse(reservation, created ? 201 : 200);
  });
}
