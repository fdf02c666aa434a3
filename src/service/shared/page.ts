/**
 * A page of a list (API.md §5), as the HTTP layer reads it from `page` and `per` and the list
 * queries apply it: the queries need the numbers, not the request.
 * @module
 */

/** The page a caller asked for, with its SQL offset. */
export interface Page {
  page: number;
  per: number;
  offset: number;
}
