/**
 * Reads a Chromium trace (Playwright's `browser.startTracing`) for the renderer's long tasks and
 * the script time of one file: a task over 50 ms is the widget's when any script event inside it
 * (EvaluateScript, FunctionCall, compile, timer, frame callback) names the widget's URL.
 * @module
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    data?: { url?: string; scriptName?: string; functionName?: string; stackTrace?: Array<{ url?: string }> };
  };
}

/** Long tasks and script time attributable to `file`. */
export interface Attribution {
  /** Tasks over 50 ms on the page's main thread. */
  longTasks: number;
  /** …of which run the file's code. */
  fileLongTasks: number;
  /** Their total and longest duration, ms. */
  fileLongTaskMs: number;
  longestFileTaskMs: number;
  /** Main-thread time in the file's code (compile, evaluate, callbacks), ms. */
  fileScriptMs: number;
}

const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'FunctionCall',
  'v8.compile',
  'v8.compileModule',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'v8.run',
  'V8.CompileCode',
]);

function urlOf(e: TraceEvent): string {
  const d = e.args?.data;
  return d?.url ?? d?.scriptName ?? d?.stackTrace?.[0]?.url ?? '';
}

export function attribute(trace: Buffer, file: string): Attribution {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => mainThreads.has(`${e.pid}:${e.tid}`);
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && onMain(e) && (e.dur ?? 0) > 50_000);
  const fileEvents = events.filter(
    (e) => e.ph === 'X' && onMain(e) && SCRIPT_EVENTS.has(e.name) && urlOf(e).includes(file),
  );
  let fileLongTasks = 0;
  let fileLongTaskMs = 0;
  let longestFileTaskMs = 0;
  for (const t of tasks) {
    const end = t.ts + t.dur!;
    if (fileEvents.some((e) => e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts < end)) {
      fileLongTasks++;
      fileLongTaskMs += t.dur! / 1000;
      longestFileTaskMs = Math.max(longestFileTaskMs, t.dur! / 1000);
    }
  }
  // Union of the file's event intervals, so nested events are not counted twice.
  const spans = fileEvents.map((e) => [e.ts, e.ts + (e.dur ?? 0)] as [number, number]).sort((a, b) => a[0] - b[0]);
  let fileScriptUs = 0;
  let [curStart, curEnd] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const [s, e] of spans) {
    if (s > curEnd) {
      if (curEnd > curStart) fileScriptUs += curEnd - curStart;
      [curStart, curEnd] = [s, e];
    } else curEnd = Math.max(curEnd, e);
  }
  if (curEnd > curStart && Number.isFinite(curStart)) fileScriptUs += curEnd - curStart;
  return {
    longTasks: tasks.length,
    fileLongTasks,
    fileLongTaskMs,
    longestFileTaskMs,
    fileScriptMs: fileScriptUs / 1000,
  };
}
