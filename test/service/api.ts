/**
 * Requests against an in-process test service, shortened: `api(service).get('/v1/widgets')`.
 * The secret token of shop 1 is sent unless `token` says otherwise (`null`: no header).
 */
import type { DatabaseName } from '../helpers/databases.ts';
import { createTestService, type TestService, type TestServiceOptions } from '../helpers/service.ts';

/** The test fixture's tokens. */
export const TOKENS = {
  secret: 'sk_test_harbour',
  publishable: 'pk_test_harbour',
  otherSecret: 'sk_test_alpine',
  otherPublishable: 'pk_test_alpine',
} as const;

/** Options of one request. */
export interface CallOptions {
  /** Bearer token. @default the secret token of shop 1; null sends no Authorization header */
  token?: string | null;
  /** A value to send as JSON, or a string sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A response with its body read (JSON when it is JSON). */
export interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

/** Sends one request to `service` and reads the answer. */
export async function call(
  service: TestService,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? TOKENS.secret : options.token;
  if (token !== null) headers.authorization ??= `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await service.fetch(new Request(`${service.baseUrl}${path}`, { method, headers, body }));
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  return {
    status: response.status,
    headers: response.headers,
    body: isJson && text ? JSON.parse(text) : undefined,
    text,
  };
}

/** `call` bound to one service. */
export function api(service: TestService) {
  return {
    get: (path: string, options?: CallOptions) => call(service, 'GET', path, options),
    delete: (path: string, options?: CallOptions) => call(service, 'DELETE', path, options),
    post: (path: string, body: unknown, options?: CallOptions) => call(service, 'POST', path, { ...options, body }),
    put: (path: string, body: unknown, options?: CallOptions) => call(service, 'PUT', path, { ...options, body }),
    call: (method: string, path: string, options?: CallOptions) => call(service, method, path, options),
  };
}

/** The ids of shop 1's catalogue, looked up by platform id and name (ids depend on load order). */
export async function catalogIds(service: TestService) {
  const one = async (sql: string, params: unknown[]) =>
    (await service.db.query<{ id: number }>(sql, params)).rows[0]!.id;
  const product = (external: number) => one('SELECT id FROM products WHERE external_id = $1', [external]);
  const variant = (external: number) => one('SELECT id FROM variants WHERE external_id = $1', [external]);
  const location = (name: string) => one('SELECT id FROM locations WHERE name = $1', [name]);
  return {
    kayak: await product(7001),
    tour: await product(7002),
    ski: await product(9001),
    single: await variant(8001),
    double: await variant(8002),
    adult: await variant(8003),
    skis: await variant(9101),
    docklands: await location('Docklands'),
    stKilda: await location('St Kilda'),
  };
}

/** Runs `test` on a fresh service of its own (it writes), closed afterwards. */
export async function withService(
  database: DatabaseName,
  test: (service: TestService) => Promise<void>,
  options: TestServiceOptions = {},
): Promise<void> {
  const service = await createTestService({ database, ...options });
  try {
    await test(service);
  } finally {
    await service.close();
  }
}

/** Every stored blackout, to prove a refused request changed nothing. */
export async function storedBlackouts(service: TestService) {
  return (await service.db.query('SELECT * FROM blackouts ORDER BY id')).rows;
}
