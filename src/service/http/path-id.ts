/**
 * Ids in paths (`/v1/blackouts/{id}`). A path that cannot name a record names none, so anything
 * that is not a positive whole number in range is 404, exactly as an unknown id (API.md §4):
 * not 422, since the path is the resource's address, not a parameter to check.
 * @module
 */
import { NotFoundError } from '../shared/errors.ts';

const DIGITS = /^[0-9]{1,16}$/;

/** The id `raw` names, or undefined when it cannot be an id (`abc`, `0`, `-1`, `1e3`, 2^53). */
export function parsePathId(raw: string | undefined): number | undefined {
  if (raw === undefined || !DIGITS.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The id `raw` names, or throws the 404 an unknown `what` gets. */
export function pathIdOr404(raw: string | undefined, what: string): number {
  const id = parsePathId(raw);
  if (id === undefined)
    throw new NotFoundError(what, raw, `No ${what} with id ${JSON.stringify((raw ?? '').slice(0, 40))}.`);
  return id;
}
