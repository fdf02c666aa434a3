/**
 * The hold panel's styles, in the hold's file: the calendar never needs them before it is
 * interactive, so they cost nothing of its budget. Adopted into a widget's shadow root, after
 * the main sheet (styles.ts), the first time a hold panel renders there.
 * @module
 */
import { useLayoutEffect, useRef } from 'preact/hooks';

const CSS = `
[part~=hold]{margin-top:.8em;padding:.6em;border:1px solid var(--m);border-radius:var(--r)}
[part~=release-button],[part~=keep-button]{border-color:var(--a);color:var(--a)}
[part~=countdown-ending]{font-weight:700;color:var(--booking-error,#b91c1c)}
[part~=total]{font-weight:600}
[part~=hold-next]{font-weight:600}
ul{margin:0;padding-inline-start:1.2em}
`;

let sheet: CSSStyleSheet | undefined;

/** A ref for the hold's outermost element; its shadow root gets the hold's sheet before the first paint. */
export function useHoldStyles<T extends HTMLElement>() {
  const box = useRef<T>(null);
  useLayoutEffect(() => {
    const root = box.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  });
  return box;
}
