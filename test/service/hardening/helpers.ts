/**
 * Shared pieces of the hardening suites: the tokens, a request builder for the in-process
 * service with a hang guard, a dump of every table to prove nothing changed, and the check
 * that an answer is the error envelope of API.md §4.
 */
import { expect } from 'vitest';
import { ERROR_STATUS } from '../../../src/shared/errors.ts';
import type { Queryable } from '../../../src/service/db/types.ts';
import type { TestService } from '../../helpers/service.ts';

export const TOKENS = {
  harbourSecret: 'sk_test_harbour',
  harbourPublishable: 'pk_test_harbour',
  alpineSecret: 'sk_test_alpine',
  alpinePublishable: 'pk_test_alpine',
} as const;

/** Every token value of the fixture: none of them may ever appear in a log line. */
export const TOKEN_VALUES: readonly string[] = Object.values(TOKENS);

/** An origin the Harbour publishable token allows. */
export const HARBOUR_ORIGIN = 'https://harbour.example';

/** What a test sends: a path with its query, and optional method, headers and body. */
export interface Call {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A string or bytes are sent as they are; anything else as JSON. */
  body?: unknown;
}

/** The longest any in-process answer may take before the suite calls it a hang. */
export const HANG_MS = 5_000;

/** Sends `call` to `service`; rejects when no answer comes within `HANG_MS`. */
export async function send(service: TestService, call: Call): Promise<Response> {
  const body =
    call.body === undefined
      ? undefined
      : typeof call.body === 'string' || call.body instanceof Uint8Array
        ? call.body
        : JSON.stringify(call.body);
  const request = new Request(service.baseUrl + call.path, {
    method: call.method ?? 'GET',
    headers: call.headers ?? {},
    body: body as BodyInit | undefined,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${HANG_MS} ms to ${call.method ?? 'GET'} ${call.path.slice(0, 200)}`)),
      HANG_MS,
    );
  });
  try {
    return await Promise.race([service.fetch(request), hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** Headers of a JSON request with `token` in `Authorization`. */
export function bearer(token: string, more: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...more };
}

/** The status and parsed body of an answer (the body's text when it is not JSON). */
export async function read(response: Response): Promise<{ status: number; body: unknown; text: string }> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // left as text: the caller's assertion says what was expected
  }
  return { status: response.status, body, text };
}

/**
 * Asserts `response` is a 4xx error envelope whose `error` code travels with that status
 * (API.md §4), and returns the code. `context` names the request in the failure message.
 */
export async function expectClientError(response: Response, context: string): Promise<string> {
  const { status, body, text } = await read(response);
  const where = `${context} → ${status} ${text.slice(0, 300)}`;
  expect(status, where).toBeGreaterThanOrEqual(400);
  expect(status, where).toBeLessThan(500);
  expect(response.headers.get('content-type'), where).toMatch(/^application\/json/);
  expect(body, where).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  const code = (body as { error: string }).error;
  expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], where).toBe(status);
  return code;
}

/** A comparable dump of the stored data: every table's rows, ordered by id (or by the whole row). */
export async function dumpTables(db: Queryable): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await db.query<{ table_name: string; has_id: boolean }>(
    `SELECT t.table_name,
            EXISTS (SELECT 1 FROM information_schema.columns c
                     WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = 'id') AS has_id
       FROM information_schema.tables t
      WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY t.table_name`,
  );
  const dump: Record<string, unknown[]> = {};
  for (const { table_name: name, has_id: hasId } of tables) {
    const order = hasId ? 'id' : 'to_jsonb(x)::text';
    const { rows } = await db.query<{ row: unknown }>(`SELECT to_jsonb(x) AS row FROM "${name}" x ORDER BY ${order}`);
    dump[name] = rows.map((r) => r.row);
  }
  return dump;
}
