/**
 * The live holds of shoppers' carts, each item as the days or time it holds in the shop's zone,
 * with Release, which asks first (two steps): a released hold frees its units to anyone, and
 * the shopper's cart loses them.
 * @module
 */
import type { Reservation } from '../../client/index.ts';
import { ConfirmButton } from '../components/bits.tsx';
import { when } from '../models/dates.ts';
import { heldItem } from '../models/holds.ts';

/** The live holds; `release` releases one (and says so in the screen's status line). */
export function HoldsList(props: {
  holds: Reservation[] | undefined;
  release: (hold: Reservation) => Promise<unknown>;
}) {
  return (
    <section class="card">
      <h2>Live holds</h2>
      {props.holds?.length === 0 && <p>No live holds.</p>}
      <ul class="list">
        {props.holds?.map((r) => (
          <li key={r.id} class="entry">
            <span class="what">
              <strong>Hold #{r.id}</strong> (cart {r.cart_token.slice(0, 12)}), until {when(r.expires_at)}
              <ul class="held">
                {r.items.map((i, n) => (
                  <li key={n}>{heldItem(i, r.tz)}</li>
                ))}
              </ul>
            </span>
            <span class="actions">
              <ConfirmButton
                label={`Release hold #${r.id}`}
                question={`Release hold #${r.id}? The shopper's cart loses these units, and anyone can book them.`}
                confirmLabel="Yes, release it"
                onConfirm={() => props.release(r)}
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
