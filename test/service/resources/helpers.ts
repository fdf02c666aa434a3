/**
 * Resources for the resource suites: made through the API as a merchant would, and the rows a
 * refused request must leave as they were.
 */
import type { TestService } from '../../helpers/service.ts';
import { api } from '../api.ts';

/** Creates a resource of shop 1 (or with `token`'s shop) and resolves to its id; fails loudly. */
export async function makeResource(service: TestService, body: Record<string, unknown>, token?: string) {
  const made = await api(service).post('/v1/resources', body, token ? { token } : {});
  if (made.status !== 201) throw new Error(`POST /v1/resources answered ${made.status}: ${made.text}`);
  return made.body.id as number;
}

/** Every row the resource endpoints and a variant's requirements write, to prove a refusal changed nothing. */
export async function resourceRows(service: TestService) {
  const rows = async (sql: string) => (await service.db.query(sql)).rows;
  return {
    resources: await rows('SELECT * FROM resources ORDER BY id'),
    requirements: await rows('SELECT * FROM variant_requirements ORDER BY id'),
    pools: await rows('SELECT * FROM requirement_resources ORDER BY requirement_id, resource_id'),
    variants: await rows('SELECT * FROM variants ORDER BY id'),
  };
}
