/**
 * The ticket steppers' and pool choice's styles, in the shared resources' own file: adopted into
 * a widget's shadow root, after the main sheet (styles.ts), the first time either renders there.
 * Each stepper is a row (title and price, then − field +), wrapping on a phone; each pool member
 * is a 44 px target; a member not free then is muted, its state said in words too.
 * @module
 */
import { useLayoutEffect, useRef } from 'preact/hooks';

const CSS = `
fieldset{border:0;margin:0;padding:0;min-width:0}
legend{font-weight:600;padding:0;margin-bottom:.2em}
[part~=tickets]{flex:1 1 100%}
[part~=ticket]{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.3em .6em;padding:.2em 0;border-bottom:1px solid #e5e7eb}
[part~=ticket-label]{flex:1 1 8em;display:flex;flex-direction:column}
[part~=ticket-price],[part~=pool-option] small{color:var(--m);font-size:.85em}
[part~=tickets-left]{color:var(--m);font-size:.85em}
[part~=ticket-short]{color:#92400e;font-size:.85em}
[part~=pools]{margin-top:.6em}
[part~=pool]{display:flex;flex-wrap:wrap;gap:.4em}
[part~=pool-legend]{flex:1 1 100%}
[part~=pool-option]{display:inline-flex;align-items:center;gap:.4em;min-height:44px;padding:.2em .7em .2em .4em;border:1px solid var(--m);border-radius:var(--r);cursor:pointer}
[part~=pool-option]:has(:checked){border-color:var(--a);box-shadow:inset 0 0 0 1px var(--a)}
[part~=pool-option] input{width:1.2em;height:1.2em;min-height:0;margin:0;accent-color:var(--a)}
[part~=pool-busy]{color:var(--m);background:#f3f4f6}
[part~=pool-busy] bdi{text-decoration-line:line-through}
`;

let sheet: CSSStyleSheet | undefined;

/** A ref for an outermost element of the file's; its shadow root gets the sheet before the first paint. */
export function useResourceStyles<T extends HTMLElement>() {
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
