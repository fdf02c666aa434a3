/**
 * The questions form's styles, in its own file: adopted into the widget's shadow root when the
 * form first shows (a constructed sheet, as the widget's own: no inline style for a CSP to
 * refuse). Parts are the theme's to restyle (`::part(question)`, `question-error`, ...).
 * @module
 */
const CSS = `[part~=questions]{border:0;padding:0;margin:.6em 0;min-width:0}
[part~=questions] legend{font-weight:600;padding:0}
[part~=question]{display:flex;flex-direction:column;gap:.2em;margin:.5em 0}
[part~=question-checkbox] label{display:flex;gap:.5em;align-items:center;min-height:44px}
[part~=question] input[type=text],[part~=question] select,[part~=question] textarea{font:inherit;color:inherit;background:inherit;padding:.45em;border:1px solid currentColor;border-radius:var(--r);min-height:44px;box-sizing:border-box;width:100%}
[part~=question] input[type=checkbox]{width:1.4em;height:1.4em;margin:0;flex:none}
[part~=question] [aria-invalid=true]{border-color:var(--booking-error,#b91c1c);border-width:2px}
[part~=question-error]{color:var(--booking-error,#b91c1c)}
[part~=checkout-button][aria-disabled=true]{opacity:.6;cursor:not-allowed}`;

let sheet: CSSStyleSheet | undefined;

/** Adopts the form's sheet into the shadow root `node` is in (once). */
export function adoptQuestionStyles(node: Node): void {
  const root = node.getRootNode();
  if (!(root instanceof ShadowRoot)) return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
