/**
 * The slot list's styles, in its own file: adopted into a widget's shadow root, after the main
 * sheet (styles.ts), the first time the list renders there. Each time is a 44 px target at
 * least (the main sheet's buttons); a time that cannot be chosen is muted and struck through,
 * so it differs by more than colour; the chosen one has the accent.
 * @module
 */
import { useLayoutEffect, useRef } from 'preact/hooks';

const CSS = `
[part~=slots]{margin-top:.6em}
[part~=slot-group]{display:grid;grid-template-columns:repeat(auto-fill,minmax(8.5em,1fr));gap:.4em}
[part~=slot]{flex-direction:column;align-items:stretch;text-align:start;border-color:var(--m);line-height:1.25}
[part~=slot] small{font-size:.8em;color:var(--m)}
[part~=slot-chosen]{background:var(--a);color:var(--t);border-color:var(--a)}
[part~=slot-chosen] small{color:var(--t)}
[part~=slot-unavailable]{color:var(--m);cursor:not-allowed;background:#f3f4f6}
[part~=slot-unavailable] b{text-decoration-line:line-through}
[part~=slots-heading]{font-weight:600;margin:.5em 0 .3em}
[part~=slot-length]{display:flex;align-items:center;gap:.5em;margin:.3em 0 .5em}
[part~=slot-length-select]{min-height:44px;min-width:8em;font:inherit;padding:.3em;border:1px solid var(--m);border-radius:var(--r);background:inherit;color:inherit}
`;

let sheet: CSSStyleSheet | undefined;

/** A ref for the list's outermost element; its shadow root gets the list's sheet before the first paint. */
export function useSlotStyles<T extends HTMLElement>() {
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
