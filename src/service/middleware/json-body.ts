/**
 * Reads a request's JSON body under the limits of API.md §1 and §4: over 64 KiB is 413, a body
 * in another content type 415, bytes that are not UTF-8 JSON 400. The parsed value goes to
 * `c.var.body`; the routes validate its shape.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { HttpError } from '../http/errors.ts';
import { readCapped } from '../http/read-capped.ts';

/** The largest body accepted, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;.*)?$/i;

/** The 413 of a body past `MAX_BODY_BYTES` (also the app proxy's, which reads before forwarding). */
export function tooLarge(): HttpError {
  return new HttpError('payload_too_large', `The request body must be at most ${MAX_BODY_BYTES} bytes.`);
}

/** Reads at most `limit` bytes of `body`, throwing 413 past it without reading the rest. */
async function readLimited(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const bytes = await readCapped(body, limit);
  if (!bytes) throw tooLarge();
  return bytes;
}

/** Paths of actions, whose POST may come without a body. */
const ACTION = /\/(cancel|refunded|resend|refresh)\/?$/;

/** Parses the body of POST, PUT and PATCH requests into `c.var.body`. */
export function jsonBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && Number(length) > MAX_BODY_BYTES) throw tooLarge();
    const type = c.req.header('content-type');
    // A declared length within the limit bounds what can arrive, so the body is read whole:
    // on Node that skips building a web stream per request. Without one (chunked), it is
    // streamed and cut off at the limit.
    const bytes =
      length !== undefined && /^\d+$/.test(length)
        ? new Uint8Array(await c.req.raw.arrayBuffer())
        : c.req.raw.body
          ? await readLimited(c.req.raw.body, MAX_BODY_BYTES)
          : new Uint8Array();
    if (bytes.byteLength === 0) {
      // An action (POST /v1/bookings/{id}/cancel and /refunded, /v1/messages/{id}/resend, …/calendar-imports/{id}/refresh) needs no body: `curl -X POST` sends none.
      if (ACTION.test(new URL(c.req.url).pathname)) return next();
      throw new HttpError('bad_request', 'The request body must be a JSON object.');
    }
    if (type === undefined || !JSON_TYPE.test(type)) {
      throw new HttpError('unsupported_media_type', 'The request body must be sent as Content-Type: application/json.');
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new HttpError('bad_request', 'The request body is not valid UTF-8.');
    }
    try {
      c.set('body', JSON.parse(text));
    } catch {
      throw new HttpError('bad_request', 'The request body is not valid JSON.');
    }
    // The routes' schemas read the body through Hono (`c.req.json()`, which reads its cache of the
    // text, a promise at run time whatever its type says): the bytes are read once, here, capped.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    await next();
  };
}
