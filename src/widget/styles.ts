/**
 * The widget's styles, adopted into each shadow root as one shared constructable stylesheet:
 * no global CSS and nothing a strict `style-src` policy would block. `:host` resets what a
 * theme could leak in and reserves the widget's height (`min-height`: room for the calendar's
 * six week rows of one fixed height and a line kept for each message, though a month shows
 * only the weeks it has), so loading never shifts the page. Weekday names are short, or
 * narrow in a narrow widget. An unavailable day is struck through, not only greyed, and
 * closed, fully booked and "only N left" days each have a border of their own (3:1 at least).
 * Theme hooks: the `--booking-*` custom properties and the `part` names on the elements.
 * @module
 */
const CSS = `
:host{all:initial;display:block;contain:layout style;container-type:inline-size;min-height:var(--booking-min-height,32em);font:inherit;font-family:var(--booking-font,inherit);line-height:1.3;color:var(--booking-text,inherit);--a:var(--booking-accent,#1a56db);--t:var(--booking-accent-text,#fff);--r:var(--booking-radius,.4em);--m:var(--booking-muted,#5b6472);--s:var(--booking-selected-range,color-mix(in srgb,var(--a) 16%,#fff))}
*{box-sizing:border-box;font:inherit;color:inherit}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.head,.row,[part~=stepper]{display:flex;align-items:center;gap:.6em}
.head{justify-content:space-between}
h2{margin:0;font-weight:600}
button,a{cursor:pointer;border:1px solid #0000;border-radius:var(--r);background:none;padding:.4em .6em;min-height:44px;min-width:44px;text-decoration:none;display:inline-flex;align-items:center;justify-content:center}
:focus-visible{outline:2px solid var(--a);outline-offset:1px}
[dir=rtl] [part~=nav]{transform:scaleX(-1)}
table{border-collapse:collapse;width:100%;table-layout:fixed;text-align:center}
.months{display:flex;gap:1.5em;align-items:flex-start}
.months>table{flex:1 1 0;min-width:0}
caption{font-weight:600;padding:.3em 0}
th{font-weight:400;color:var(--m);padding:.2em 0}
td{padding:1px;position:relative}
@container (width<26em){.ws{display:none}}
@container (width>=26em){.wn{display:none}}
[part~=day]{width:100%;height:44px;padding:0;flex-direction:column;line-height:1.1}
[part~=day]:hover{border-color:var(--a)}
[part~=swatch]{display:inline-block;width:1.1em;height:1.1em;min-height:0;border:1px solid #d1d5db;border-radius:.2em}
.left{position:absolute;inset-inline:0;bottom:6px;font-size:.6em;line-height:1;color:#92400e;pointer-events:none}
[part~=day-today]{font-weight:700;text-decoration-line:underline}
[part~=day-between],[part~=day-preview]{background:var(--s);border-radius:0}
[part~=day-preview]{border:1px dashed var(--a)}
[part~=day-selected]:not([part~=day-between]),[part~=reserve-button],[part~=retry-button],[part~=checkout-button]{background:var(--a);color:var(--t)}
[part~=day-selected]:not([part~=day-between])+.left{color:var(--t)}
[part~=day-start]{border-start-end-radius:0;border-end-end-radius:0}
[part~=day-end]{border-start-start-radius:0;border-end-start-radius:0}
[part~=day-unavailable]{color:var(--m);cursor:not-allowed}
[part~=day-unavailable]:not([part~=day-out]){text-decoration-line:line-through}
[part~=day-unavailable][part~=day-today]:not([part~=day-out]){text-decoration-line:underline line-through}
[part~=day-sold]{background:repeating-linear-gradient(135deg,#0000 0 4px,#e5e7eb 4px 5px);border:1px dashed var(--m)}
[part~=day-closed]{background:#eef0f3;border-color:var(--m)}
[part~=day-short]{border:1px dashed #b45309}
[part~=day-few]:not([part~=day-selected]){box-shadow:inset 0 -2px 0 #b45309}
[part~=day-no-end]{color:var(--m);background:#f3f4f6}
[part~=day-loading],.sk{color:#0000;background:#f6f7f9;border:1px dashed #d1d5db;cursor:progress}
.sk{display:block;width:8em;height:1em}
[part~=quantity-max].sk{width:3em}
[part~=legend]{display:flex;flex-wrap:wrap;gap:.3em 1em;margin:.5em 0 0;padding:0;list-style:none;font-size:.85em;color:var(--m)}
[part~=legend] li{display:flex;align-items:center;gap:.35em}
.row{flex-wrap:wrap;margin-top:.6em}
input{width:4em;min-height:44px;padding:.3em;border:1px solid var(--m);border-radius:var(--r);text-align:center}
[part~=step]{border-color:var(--m);font-weight:700}
[part~=quantity-max]{color:var(--m);font-size:.85em}
[part~=reserve-button],[part~=retry-button],[part~=checkout-button]{padding:.6em 1.2em}
:disabled{opacity:.5;cursor:not-allowed}
[part~=error]{color:var(--booking-error,#b91c1c)}
p{margin:.4em 0;min-height:1.3em}
@media (max-width:500px){:host{min-height:var(--booking-min-height,37em)}}
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
