/**
 * The navigation between screens. On a wide screen every screen's link is in view; on a phone
 * (below 900 px, admin.css: twelve screens would take two or three rows there) the list takes
 * one row closed: a "Menu" button naming the current screen opens it as a disclosure
 * (aria-expanded). Escape closes it and gives the focus back to the button; choosing a screen
 * closes it too, and the focus then goes to the screen's heading; so does the focus leaving the
 * navigation (Tab past the last link, a click elsewhere on the page).
 * @module
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { SCREENS, type Screen, visibleScreens } from '../models/session.ts';

/** The navigation; `current` is the screen shown. */
export function AdminNav(props: { current: Screen }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // A screen chosen (from the list, an address or the back button) closes the list.
  useEffect(() => setOpen(false), [props.current]);
  const label = SCREENS.find(([id]) => id === props.current)?.[1] ?? '';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <nav
      aria-label="Admin"
      class={open ? 'open' : undefined}
      onKeyDown={onKeyDown}
      onFocusOut={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        class="menu-toggle"
        aria-expanded={open}
        aria-controls="admin-screens"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true" class="menu-icon">
          ☰
        </span>{' '}
        Menu<span class="sr-only">, now showing</span> <span class="menu-current">{label}</span>
      </button>
      <ul id="admin-screens">
        {visibleScreens().map(([id, name]) => (
          <li key={id}>
            <a href={`#/${id}`} aria-current={id === props.current ? 'page' : undefined} onClick={() => setOpen(false)}>
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
