/**
 * "Bookings 26–50 of 130" with Previous and Next, for the bookings and the customers lists.
 * @module
 */

/** Where a page sits among the rest. */
export interface PageShown {
  page: number;
  /** How many are on this page. */
  count: number;
  total: number;
  next: boolean;
  prev: boolean;
}

/**
 * The pager of a list of `noun` (“Bookings”, “Customers”), `per` a page. A button with no page
 * to go to says so (aria-disabled) rather than being disabled, so the keyboard's focus is not
 * lost from it.
 */
export function Pager(props: { noun: string; per: number; shown: PageShown; go: (by: number) => void }) {
  const { page, count, total, next, prev } = props.shown;
  const from = (page - 1) * props.per + 1;
  return (
    <div class="row pager">
      <p role="status">
        {props.noun} {from}–{from + count - 1} of {total}
      </p>
      <button type="button" aria-disabled={!prev} onClick={() => prev && props.go(-1)}>
        Previous page
      </button>
      <button type="button" aria-disabled={!next} onClick={() => next && props.go(1)}>
        Next page
      </button>
    </div>
  );
}
