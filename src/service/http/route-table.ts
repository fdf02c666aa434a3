/**
 * Every v1 endpoint with its methods (seed §4 and API.md §3), so that a wrong method gets 405
 * with `Allow`, and an unknown path 404, from one place.
 * @module
 */

const TABLE: ReadonlyArray<{ pattern: RegExp; methods: readonly string[] }> = [
  { pattern: /^\/v1\/blackouts$/, methods: ['GET', 'POST'] },
  { pattern: /^\/v1\/blackouts\/[^/]+$/, methods: ['GET', 'PUT', 'DELETE'] },
  { pattern: /^\/v1\/reservations$/, methods: ['GET', 'POST'] },
  { pattern: /^\/v1\/reservations\/[^/]+$/, methods: ['GET'] },
  { pattern: /^\/v1\/bookings$/, methods: ['POST'] },
  { pattern: /^\/v1\/widgets$/, methods: ['GET'] },
  { pattern: /^\/v1\/availability$/, methods: ['GET'] },
];

/** The methods `pathname` answers (a trailing slash ignored), or undefined for no endpoint. */
export function allowedMethods(pathname: string): readonly string[] | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TABLE.find((r) => r.pattern.test(path))?.methods;
}
