/**
 * Every answer a test receives from the in-process service, held against the OpenAPI document
 * (`GET /v1/openapi.json`): the route's operation must declare the status, the body's type must
 * be one the status declares, and a JSON body must match that status's schema, read by Ajv
 * (JSON Schema 2020-12, OpenAPI 3.1's dialect) from the document itself, not from the zod
 * schemas it was generated from. So a schema that says one thing while the service does another
 * fails the test that met it, whichever test that is (issue #38: `status_code` was declared
 * as `enum: [1]` while answers carried 2, 3, 4 …).
 * @module
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { type AppOptions, createApp, FEATURES } from '../../src/service/app.ts';
import { openApiDocument } from '../../src/service/http/openapi.ts';

interface MediaType {
  schema?: unknown;
}
interface Operation {
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  operation: Operation;
}

/** What the document says of one answer, or why it does not. */
export class AnswerDriftError extends Error {
  override name = 'AnswerDriftError' as const;
}

let routes: Route[] | undefined;
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/** The document's operations, literal paths before templated ones (`/v1/occupancy/slots` first). */
function documentRoutes(): Route[] {
  if (routes) return routes;
  const document = openApiDocument(FEATURES) as { paths: Record<string, Record<string, Operation>> };
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(document, 'openapi.json');
  routes = Object.entries(document.paths)
    .flatMap(([template, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replaceAll(/\{[^}]+\}/g, '[^/]+').replaceAll('.', '\\.')}$`),
        operation,
      })),
    )
    .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  return routes;
}

/** The JSON Pointer of `key` inside a pointer (`/` and `~` escaped). */
const pointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

function validatorFor(route: Route, status: string): ValidateFunction {
  const ref = `openapi.json#/paths/${pointer(route.template)}/${route.method.toLowerCase()}/responses/${status}/content/${pointer('application/json')}/schema`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv!.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

/**
 * Holds `response` to what the document says of `request`'s route: nothing for a path or
 * method the document does not describe (those answer 404 and 405 by the API's general rules,
 * API.md §4), an `AnswerDriftError` for any difference.
 */
export async function checkAnswer(request: Request, response: Response): Promise<void> {
  const path = new URL(request.url).pathname;
  const route = documentRoutes().find((r) => r.method === request.method && r.pattern.test(path));
  if (!route) return;
  const where = `${request.method} ${path} (${route.template}) answered ${response.status}`;
  const declared = route.operation.responses[String(response.status)] ?? route.operation.responses.default;
  if (!declared) throw new AnswerDriftError(`${where}, a status the OpenAPI document does not declare for it`);
  const type = response.headers.get('content-type')?.split(';')[0]?.trim();
  const body = await response.clone().text();
  if (body === '') return;
  const types = Object.keys(declared.content ?? {});
  if (!type || !types.includes(type))
    throw new AnswerDriftError(
      `${where} with a ${type ?? 'typeless'} body; the document declares ${types.join(', ') || 'none'}`,
    );
  if (type !== 'application/json' || !declared.content?.[type]?.schema) return;
  const validate = validatorFor(
    route,
    declared === route.operation.responses.default ? 'default' : String(response.status),
  );
  if (validate(JSON.parse(body))) return;
  const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
  throw new AnswerDriftError(`${where} unlike its schema in the OpenAPI document: ${problems.join('; ')}`);
}

/**
 * `fetch` whose every answer is checked by `checkAnswer` before the caller sees it. A drift both
 * throws at the call (the test fails where it asked) and is kept in `drifts`, for a caller that
 * catches errors of its own (a race's `Promise.allSettled`).
 */
export function conformingFetch<A extends unknown[]>(
  fetch: (request: Request, ...rest: A) => Response | Promise<Response>,
  drifts: AnswerDriftError[],
): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    const response = await fetch(request, ...rest);
    try {
      await checkAnswer(request, response);
    } catch (error) {
      if (error instanceof AnswerDriftError) drifts.push(error);
      throw error;
    }
    return response;
  };
}

/**
 * `createApp` whose every answer is held against the document, for the suites that build the
 * app themselves (`createTestService` does the same): `app.fetch` is wrapped in place, so
 * `app.request` (which calls it) is checked too.
 */
export function createCheckedApp(options: AppOptions): ReturnType<typeof createApp> {
  const app = createApp(options);
  app.fetch = conformingFetch(app.fetch.bind(app), []) as typeof app.fetch;
  return app;
}
