/**
 * Puts a fetch-shaped handler on a real socket (Node's http through @hono/node-server) and
 * stops it gracefully: no new connections, in-flight requests finish, then the database closes.
 * @module
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo, Socket } from 'node:net';
import { ERROR_STATUS, type ErrorCode } from '../shared/errors.ts';

/** A listening server. */
export interface RunningServer {
  /** `http://127.0.0.1:PORT`, or `http://localhost:PORT` when asked for that host name. */
  url: string;
  port: number;
  /** Stops accepting connections and resolves once the open ones are done. */
  close(): Promise<void>;
}

/**
 * A handler as @hono/node-server calls it: `env` holds its `incoming` request, whose socket
 * gives the client's address (the API's per-client limits read it).
 */
// biome-ignore lint/suspicious/noExplicitAny: @hono/node-server passes its own env shape, unknown to callers
export type ServerFetch = (request: Request, env?: any) => Promise<Response> | Response;

/** Listens on `port` (0 = any free port) at `hostname` (default 127.0.0.1). */
export function listen(fetch: ServerFetch, options: { port: number; hostname?: string }): Promise<RunningServer> {
  const hostname = options.hostname ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    let server: ServerType;
    try {
      server = serve({ fetch, port: options.port, hostname }, (info: AddressInfo) => {
        const host = hostname === '0.0.0.0' || hostname === '127.0.0.1' ? '127.0.0.1' : hostname;
        resolve({
          url: `http://${host}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              // Idle keep-alive sockets would hold close() open; busy ones finish first.
              (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
            }),
        });
      });
      server.once('error', reject);
      server.on('clientError', answerClientError);
    } catch (error) {
      reject(error);
    }
  });
}

/**
 * What Node refuses before the app sees it (headers or URL past its 16 KiB limit, a request it
 * cannot parse) is answered with the API's envelope too, not Node's bare status line.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const code: ErrorCode = tooLarge ? 'header_too_large' : 'bad_request';
  const message = tooLarge
    ? 'The request line and headers must be at most 16 KiB.'
    : 'The request is not valid HTTP/1.1.';
  const body = JSON.stringify({ error: code, message });
  const status = ERROR_STATUS[code];
  const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
