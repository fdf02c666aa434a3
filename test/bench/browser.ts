/**
 * Debian's Chromium through playwright-core, and the script the bench adds to every page to
 * time the widget from inside: when `<booking-widget>` is defined (the script has run), when its
 * calendar is interactive (the table is no longer `aria-busy`, blackouts and availability
 * applied), the next paint after that, layout shifts and long tasks.
 * @module
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.BENCH_CHROMIUM || process.env.E2E_CHROMIUM || '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set BENCH_CHROMIUM)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true, timeout: 30_000 });
}

/** What the page script records, in ms since navigation start. */
export interface PageMarks {
  /** The widget's script called customElements.define: it has run to its end but for the first render. */
  defineCalled: number;
  /** customElements.whenDefined resolved: the element is upgraded and rendered once. */
  defined: number;
  ready: number;
  readyPaint: number;
  /** Day buttons carrying a reason (blacked out, sold out…) when the calendar became ready. */
  reasons: number;
  cls: number;
  shifts: Array<{ t: number; v: number; sources: string[] }>;
  longtasks: Array<{ t: number; d: number }>;
}

/** Added with `context.addInitScript` before any page script runs. NaN = did not happen. */
export const MARKS_SCRIPT = `(() => {
  const b = (window.__bench = { defineCalled: NaN, defined: NaN, ready: NaN, readyPaint: NaN, reasons: 0, cls: 0, shifts: [], longtasks: [] });
  const afterPaint = (f) => requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = f; c.port2.postMessage(0); });
  const name = (n) => !n ? '?' : n.nodeName.toLowerCase() + (n.id ? '#' + n.id : '') + (typeof n.className === 'string' && n.className ? '.' + n.className.split(' ')[0] : '') + (n.getAttribute && n.getAttribute('part') ? '[part=' + n.getAttribute('part').split(' ')[0] + ']' : '');
  const define = customElements.define.bind(customElements);
  customElements.define = function (n, ...rest) { if (n === 'booking-widget' && Number.isNaN(b.defineCalled)) b.defineCalled = performance.now(); return define(n, ...rest); };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) { b.cls += e.value; b.shifts.push({ t: e.startTime, v: e.value, sources: (e.sources || []).map((s) => name(s.node)) }); }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) b.longtasks.push({ t: e.startTime, d: e.duration }); }).observe({ type: 'longtask', buffered: true });
  } catch {}
  customElements.whenDefined('booking-widget').then(() => {
    b.defined = performance.now();
    const el = document.querySelector('booking-widget');
    const root = el && el.shadowRoot;
    if (!root) return;
    const check = () => {
      const t = root.querySelector('table');
      if (!t || t.hasAttribute('aria-busy')) return false;
      b.ready = performance.now();
      b.reasons = root.querySelectorAll('button[data-reason]').length;
      afterPaint(() => { b.readyPaint = performance.now(); });
      return true;
    };
    if (!check()) { const mo = new MutationObserver(() => { if (check()) mo.disconnect(); }); mo.observe(root, { subtree: true, childList: true, attributes: true }); }
  });
})();`;

declare global {
  interface Window {
    __bench: PageMarks;
  }
}
