/**
 * Counts the widget's timers and requests in the page: `setInterval`, `setTimeout` and `fetch`
 * are wrapped before any page script runs, and a call is the widget's when its stack passes
 * through one of the widget's files, `/booking-widget.js` or a file it loads,
 * `/booking-widget-<part>-<hash>.js` (the theme's own timers are not counted).
 */
import type { Page } from 'playwright-core';

const SCRIPT = `(() => {
  const FILE = /\\/booking-widget(-[\\w-]+)?\\.js/;
  const fromWidget = () => FILE.test(new Error().stack || '');
  const state = { intervals: new Map(), timeouts: new Map(), fetches: new Map(), fetchesStarted: 0, timerRuns: 0, next: 0 };
  Object.defineProperty(window, '__e2eWidgetActivity', { value: state });
  const native = { si: window.setInterval, ci: window.clearInterval, st: window.setTimeout, ct: window.clearTimeout, fetch: window.fetch };
  window.setInterval = function (cb, ms, ...args) {
    if (!fromWidget() || typeof cb !== 'function') return native.si.call(window, cb, ms, ...args);
    const id = native.si.call(window, function (...a) { state.timerRuns++; return cb.apply(this, a); }, ms, ...args);
    state.intervals.set(id, ms);
    return id;
  };
  window.setTimeout = function (cb, ms, ...args) {
    if (!fromWidget() || typeof cb !== 'function') return native.st.call(window, cb, ms, ...args);
    let id;
    id = native.st.call(window, function (...a) { state.timeouts.delete(id); state.timerRuns++; return cb.apply(this, a); }, ms, ...args);
    state.timeouts.set(id, ms);
    return id;
  };
  window.clearInterval = function (id) { state.intervals.delete(id); state.timeouts.delete(id); return native.ci.call(window, id); };
  window.clearTimeout = function (id) { state.intervals.delete(id); state.timeouts.delete(id); return native.ct.call(window, id); };
  window.fetch = function (input, init) {
    if (!fromWidget()) return native.fetch.call(window, input, init);
    const n = ++state.next;
    state.fetchesStarted++;
    state.fetches.set(n, String(input && input.url ? input.url : input));
    const done = () => state.fetches.delete(n);
    const p = native.fetch.call(window, input, init);
    p.then(done, done);
    return p;
  };
})();`;

/** The widget's activity at one moment. */
export interface WidgetActivity {
  /** Intervals set and not cleared. */
  intervals: number;
  /** Timeouts set, not yet run and not cleared. */
  timeouts: number;
  /** Requests sent and not yet settled (answered, failed or aborted), with their URLs. */
  pendingFetches: string[];
  /** Requests sent so far. */
  fetchesStarted: number;
  /** Timer callbacks run so far. */
  timerRuns: number;
}

/** Installs the counters; call before the page loads. */
export async function instrumentWidgetActivity(page: Page): Promise<void> {
  await page.addInitScript({ content: SCRIPT });
}

/** The counters now. */
export function widgetActivity(page: Page): Promise<WidgetActivity> {
  return page.evaluate(() => {
    const s = (window as any).__e2eWidgetActivity;
    return {
      intervals: s.intervals.size,
      timeouts: s.timeouts.size,
      pendingFetches: [...s.fetches.values()] as string[],
      fetchesStarted: s.fetchesStarted,
      timerRuns: s.timerRuns,
    };
  });
}
