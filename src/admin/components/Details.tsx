/**
 * The technical side of a text written for a shopkeeper (ids, hashes, attribute and event
 * names, API settings), closed until asked for: "Details", and for a screen reader what about.
 * @module
 */
import type { ComponentChildren } from 'preact';

/** A closed disclosure named "Details"; `about` names its subject for screen readers. */
export function Details(props: { about: string; children: ComponentChildren }) {
  return (
    <details class="details">
      <summary>
        Details<span class="sr-only"> {props.about}</span>
      </summary>
      <div class="hint">{props.children}</div>
    </details>
  );
}
