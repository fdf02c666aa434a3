/**
 * The widget's styles, adopted into each shadow root as one shared constructable stylesheet:
 * no global CSS and nothing a strict `style-src` policy would block. `:host` resets what a
 * theme could leak in and reserves the widget's height (the calendar skeleton has its final
 * size from the first frame: six week rows of one fixed height, even a row with no day of the
 * month, and a line kept for each message), so
 * loading never shifts the page. Weekday names are short, or narrow in a narrow widget.
 * Theme hooks: the `--booking-*` custom properties and the `part` names on the elements.
 * @module
 */
const CSS = `
:host{all:initial;display:block;contain:content;container-type:inline-size;min-height:var(--booking-min-height,25em);font:inherit;font-family:var(--booking-font,inherit);line-height:1.3;color:var(--booking-text,inherit);--a:var(--booking-accent,#1a56db);--t:var(--booking-accent-text,#fff);--r:var(--booking-radius,.4em);--m:var(--booking-muted,#6b7280)}
*{box-sizing:border-box;font:inherit;color:inherit}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.head,.row{display:flex;align-items:center;gap:.6em}
.head{justify-content:space-between}
h2{margin:0;font-weight:600}
button{cursor:pointer;border:1px solid #0000;border-radius:var(--r);background:none;padding:.4em .6em}
button:focus-visible{outline:2px solid var(--a);outline-offset:1px}
[dir=rtl] [part~=nav]{transform:scaleX(-1)}
table{border-collapse:collapse;width:100%;table-layout:fixed;text-align:center}
th{font-weight:400;color:var(--m);padding:.2em 0}
td{padding:1px;height:calc(2.2em + 2px)}
@container (width<26em){.ws{display:none}}
@container (width>=26em){.wn{display:none}}
[part~=day]{width:100%;height:2.2em;padding:0}
[part~=day]:hover{border-color:var(--a)}
[part~=day-today]{font-weight:700;text-decoration:underline}
[part~=day-selected],[part~=reserve-button],[part~=retry-button]{background:var(--a);color:var(--t)}
[part~=day-unavailable]{color:var(--m);opacity:.6;cursor:not-allowed}
[data-reason=sold],[data-reason=closed]{text-decoration:line-through}
[aria-busy]{opacity:.5}
.row{flex-wrap:wrap;margin-top:.6em}
input{width:4.5em;padding:.3em;border:1px solid var(--m);border-radius:var(--r)}
[part~=reserve-button],[part~=retry-button]{padding:.6em 1.2em}
:disabled{opacity:.5;cursor:not-allowed}
[part~=error]{color:var(--booking-error,#b91c1c)}
[part~=hold]{margin-top:.8em;padding:.6em;border:1px solid var(--m);border-radius:var(--r)}
ul{margin:0;padding-inline-start:1.2em}
p{margin:.4em 0;min-height:1.3em}
`;

let sheet: CSSStyleSheet | undefined;

/** Adopts the widget's stylesheet into `root` (one sheet object shared by every instance). */
export function adoptStyles(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
