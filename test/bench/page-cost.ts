/**
 * Page cost in Chromium with 4× CPU throttling (CDP `Emulation.setCPUThrottlingRate`): the
 * demo product page without the widget, with it (API on the page's origin), and with the API on
 * another origin; samples interleaved in one run, a fresh browser context (cold cache) each.
 * Then the same cross-origin page with 100 ms added to every request (CDP
 * `Network.emulateNetworkConditions`), where round trips become visible: how many API "waves"
 * (a request that starts after another API answer arrived) and CORS preflights the calendar waits for.
 * Then Lighthouse's performance score with and without the widget, if Lighthouse runs here.
 * @module
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { CHROMIUM, launch, MARKS_SCRIPT, type PageMarks } from './browser.ts';
import { RESERVE_CSS, startStorefront, type Storefront } from './storefront.ts';
import { attribute, type Attribution } from './trace.ts';
import { bytes, log, median, ms, pass, run, type Row, type SectionResult, why } from './util.ts';

const SAMPLES = Number(process.env.BENCH_PAGE_SAMPLES ?? 5);
const RTT = 100;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

type Variant = 'without' | 'same' | 'cross' | 'reserved';
/** Every page the bench's proxy serves (storefront.ts): the kayak's variants and the tour's (a slot widget). */
export type BenchPage = Variant | 'tour' | 'tour-cross';

/** One load of a page, measured. */
export interface Sample {
  marks: PageMarks;
  /** `load` event, ms since navigation start. */
  load: number;
  heap: number;
  trace: Attribution;
  /** The widget's requests seen by the page (resource timing: /v1 and Shopify's /cart.js), ms since navigation start. */
  api: Array<{ url: string; start: number; end: number }>;
  /** The widget's own script files fetched (resource timing; not the block's), ms since navigation start. */
  scripts: Array<{ url: string; start: number; end: number }>;
  scriptEnd: number;
  preflights: number;
  apiRequests: number;
}

/**
 * Loads one page in a fresh context and measures it. Long tasks and script time are those of
 * `options.file` (a part of the script's URL; the entry file unless said).
 */
export async function sample(
  browser: Browser,
  store: Storefront,
  variant: BenchPage,
  options: { cpu: number; rtt: number; file?: string },
): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(MARKS_SCRIPT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
    if (options.rtt) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: options.rtt,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
    store.resetCounts();
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8'],
    });
    await page.goto(`${store.page}/bench/${variant}`, { waitUntil: 'load', timeout: 60_000 });
    if (variant !== 'without') {
      await page.waitForFunction(() => !Number.isNaN(window.__bench.readyPaint), null, {
        timeout: 30_000,
        polling: 100,
      });
    }
    // Settle: late layout shifts and tasks (a hold panel, a second fetch) land in the figures too.
    await page.waitForTimeout(1000);
    const trace = await browser.stopTracing();
    const marks = await page.evaluate(() => window.__bench);
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        load: nav?.loadEventStart ?? Number.NaN,
        api: resources
          .filter((r) => /\/v1\/|\/cart\.js/.test(r.name))
          .map((r) => ({ url: r.name, start: r.startTime, end: r.responseEnd })),
        scripts: resources
          .filter((r) => /^\/booking-widget[\w-]*\.js$/.test(new URL(r.name).pathname))
          .map((r) => ({ url: r.name, start: r.startTime, end: r.responseEnd })),
        scriptEnd: resources.find((r) => r.name.includes('/booking-widget.js'))?.responseEnd ?? Number.NaN,
      };
    });
    await cdp.send('HeapProfiler.collectGarbage');
    const metrics = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
    const heap = metrics.metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    return {
      marks,
      load: timing.load,
      heap,
      trace: attribute(trace, options.file ?? 'booking-widget.js'),
      api: timing.api,
      scripts: timing.scripts,
      scriptEnd: timing.scriptEnd,
      preflights: store.counts.preflights,
      apiRequests: store.counts.apiRequests,
    };
  } finally {
    await context.close();
  }
}

/**
 * Round trips on the calendar's critical path, with `rtt` ms added to every request: of the
 * widget's requests (started after its script ran) that were answered before the calendar became
 * interactive, how many RTT-spaced waves they started in (a request that starts a round trip or
 * more after the first one waited for something).
 */
export function criticalRequests(sample: Sample): Sample['api'] {
  return sample.api
    .filter((r) => r.start >= sample.marks.defineCalled && r.end <= sample.marks.ready)
    .sort((a, b) => a.start - b.start);
}

export function criticalWaves(sample: Sample, rtt: number): number {
  const used = criticalRequests(sample);
  if (used.length === 0) return 0;
  const first = used[0]!.start;
  return Math.max(...used.map((r) => 1 + Math.floor((r.start - first) / (0.9 * rtt))));
}

const LABEL: Record<Variant, string> = {
  without: 'product page without widget',
  same: 'with widget, API same origin',
  cross: 'with widget, API cross-origin',
  reserved: 'with widget + page CSS reserving its box',
};

async function lighthouse(store: Storefront, rows: Row[], notes: string[]): Promise<void> {
  const row = (subject: string, measure: string, value: string, reference: string) =>
    rows.push({ section: 'Page', subject, measure, value, reference });
  if (LIGHTHOUSE_RUNS < 1) {
    row('Lighthouse performance', 'score', 'not measured', 'skipped (BENCH_LIGHTHOUSE_RUNS=0)');
    return;
  }
  const dir = join(tmpdir(), 'booking-widget-bench-lighthouse');
  await mkdir(dir, { recursive: true });
  // Lighthouse 13 needs Node ≥ 22.19; 12.x runs on Node 18.16+.
  const spec = Number(process.versions.node.split('.')[0]) >= 22 ? 'lighthouse' : 'lighthouse@12';
  log(`page: installing ${spec} into ${dir}`);
  const install = await run(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', dir, spec],
    { timeoutMs: 300_000 },
  );
  if (install.code !== 0) {
    row(
      'Lighthouse performance',
      'score',
      'not measured',
      `npm install ${spec} failed: ${why(install.stderr.trim().split('\n').pop() ?? '')}`,
    );
    return;
  }
  const cli = join(dir, 'node_modules/lighthouse/cli/index.js');
  const version = (await run(process.execPath, [cli, '--version'], { timeoutMs: 30_000 })).stdout.trim();
  const scores: Record<'without' | 'same', number[]> = { without: [], same: [] };
  const metrics: Record<'without' | 'same', Array<Record<string, number>>> = { without: [], same: [] };
  let failure = '';
  for (let i = 0; i < LIGHTHOUSE_RUNS && !failure; i++) {
    for (const variant of ['without', 'same'] as const) {
      const result = await run(
        process.execPath,
        [
          cli,
          `${store.page}/bench/${variant}`,
          '--only-categories=performance',
          '--output=json',
          '--quiet',
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run',
        ],
        { timeoutMs: 180_000, env: { ...process.env, CHROME_PATH: CHROMIUM } },
      );
      try {
        const report = JSON.parse(result.stdout) as {
          categories: { performance: { score: number | null } };
          audits: Record<string, { numericValue?: number }>;
          runtimeError?: { message: string };
        };
        if (report.runtimeError) throw new Error(report.runtimeError.message);
        const score = report.categories.performance.score;
        if (score === null) throw new Error('no score (a metric failed)');
        scores[variant].push(score * 100);
        metrics[variant].push(
          Object.fromEntries(
            [
              'first-contentful-paint',
              'largest-contentful-paint',
              'total-blocking-time',
              'cumulative-layout-shift',
              'speed-index',
            ].map((k) => [k, report.audits[k]?.numericValue ?? Number.NaN]),
          ),
        );
      } catch (error) {
        failure = `Lighthouse ${version} with ${CHROMIUM} failed: ${why(error)}${result.stderr ? ` (${why(result.stderr.trim().split('\n').slice(-1)[0] ?? '')})` : ''}`;
        break;
      }
    }
  }
  if (failure) {
    row('Lighthouse performance', 'score', 'not measured', failure);
    notes.push(failure);
    return;
  }
  const w = median(scores.without);
  const s = median(scores.same);
  const loss = w - s;
  row(
    'Lighthouse performance, product page',
    'score without / with widget',
    `${w.toFixed(0)} / ${s.toFixed(0)} (loss ${loss.toFixed(0)})`,
    `Shopify's gate: loss ≤ 10: ${pass(loss <= 10)}; ours ≤ 2: ${pass(loss <= 2)}; runs ${scores.without.map((x) => x.toFixed(0)).join(',')} / ${scores.same.map((x) => x.toFixed(0)).join(',')}`,
  );
  const med = (variant: 'without' | 'same', key: string) => median(metrics[variant].map((m) => m[key]!));
  row(
    'Lighthouse metrics',
    'TBT · LCP · CLS without → with',
    `${ms(med('without', 'total-blocking-time'), 0)} → ${ms(med('same', 'total-blocking-time'), 0)} · ${ms(med('without', 'largest-contentful-paint'), 0)} → ${ms(med('same', 'largest-contentful-paint'), 0)} · ${med('without', 'cumulative-layout-shift').toFixed(3)} → ${med('same', 'cumulative-layout-shift').toFixed(3)}`,
    `Lighthouse ${version}, simulated throttling (its default: 4× CPU, slow 4G), mobile`,
  );
  notes.push(
    `Lighthouse ${version} (installed at bench time into ${dir}; ${spec === 'lighthouse' ? 'latest' : 'the latest 13.x needs Node ≥ 22.19, so 12.x on this Node'}) ran ${LIGHTHOUSE_RUNS}× per page, interleaved, against Debian's Chromium in new headless mode; median score.`,
  );
}

/** The Page section. */
export async function measurePage(): Promise<SectionResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const row = (subject: string, measure: string, value: string, reference: string) =>
    rows.push({ section: 'Page', subject, measure, value, reference });
  let store: Storefront;
  try {
    store = await startStorefront();
  } catch (error) {
    return {
      rows: [
        { section: 'Page', subject: '(demo storefront)', measure: '', value: 'not measured', reference: why(error) },
      ],
      notes,
    };
  }
  let browser: Browser | undefined;
  try {
    browser = await launch();
    const samples: Record<Variant, Sample[]> = { without: [], same: [], cross: [], reserved: [] };
    const failures: string[] = [];
    // One warm-up load each (server JIT, disk cache of the storefront files), not counted.
    for (const v of ['without', 'same', 'cross'] as const)
      await sample(browser, store, v, { cpu: 4, rtt: 0 }).catch(() => {});
    for (let i = 0; i < SAMPLES; i++) {
      for (const v of ['without', 'same', 'cross', 'reserved'] as const) {
        try {
          samples[v].push(await sample(browser, store, v, { cpu: 4, rtt: 0 }));
        } catch (error) {
          failures.push(`${v}: ${why(error)}`);
        }
      }
    }
    log(`page: ${SAMPLES} samples per page done; now with ${RTT} ms RTT at 4× and 1× CPU`);
    // +RTT loads at 4× CPU (the page-cost setting) and unthrottled, interleaved: round trips are
    // the network's share, the rest is the widget's own main-thread work.
    const slow: Record<1 | 4, Sample[]> = { 1: [], 4: [] };
    for (let i = 0; i < Math.max(3, Math.ceil(SAMPLES / 2)); i++) {
      for (const cpu of [4, 1] as const) {
        try {
          slow[cpu].push(await sample(browser, store, 'cross', { cpu, rtt: RTT }));
        } catch (error) {
          failures.push(`cross +${RTT} ms ${cpu}× CPU: ${why(error)}`);
        }
      }
    }
    if (failures.length)
      notes.push(
        `Samples that failed (not in the medians): ${failures.slice(0, 6).join('; ')}${failures.length > 6 ? ` and ${failures.length - 6} more` : ''}.`,
      );

    const base = samples.without;
    const baseHeap = median(base.map((s) => s.heap));
    row(
      LABEL.without,
      'load event · JS heap',
      `${ms(median(base.map((s) => s.load)), 0)} · ${bytes(baseHeap)}`,
      `4× CPU; ${base.length} samples; long tasks > 50 ms: ${median(base.map((s) => s.trace.longTasks))}`,
    );
    for (const v of ['same', 'cross'] as const) {
      const list = samples[v];
      if (list.length === 0) {
        row(
          LABEL[v],
          'navigation → calendar interactive',
          'not measured',
          failures.find((f) => f.startsWith(v)) ?? 'no sample',
        );
        continue;
      }
      const ready = median(list.map((s) => s.marks.ready));
      const afterScript = median(list.map((s) => s.marks.ready - s.marks.defineCalled));
      row(
        LABEL[v],
        'navigation → calendar interactive (blackouts shown)',
        ms(ready, 0),
        `script ran at ${ms(median(list.map((s) => s.marks.defineCalled)), 0)} (first render done ${ms(median(list.map((s) => s.marks.defined - s.marks.defineCalled)), 0)} later), then ${ms(afterScript, 0)} to interactive; next paint ${ms(median(list.map((s) => s.marks.readyPaint)), 0)}; ${median(list.map((s) => s.marks.reasons))} days marked unavailable; load event ${ms(median(list.map((s) => s.load)), 0)} (without widget ${ms(median(base.map((s) => s.load)), 0)})`,
      );
      row(
        LABEL[v],
        'widget long tasks > 50 ms (count · total · longest)',
        `${median(list.map((s) => s.trace.fileLongTasks))} · ${ms(median(list.map((s) => s.trace.fileLongTaskMs)), 0)} · ${ms(median(list.map((s) => s.trace.longestFileTaskMs)), 0)}`,
        `widget script on the main thread ${ms(median(list.map((s) => s.trace.fileScriptMs)), 0)} in all (4× CPU); page long tasks ${median(list.map((s) => s.trace.longTasks))} vs ${median(base.map((s) => s.trace.longTasks))} without`,
      );
      const cls = median(list.map((s) => s.marks.cls));
      const shiftSources = [...new Set(list.flatMap((s) => s.marks.shifts.flatMap((x) => x.sources)))].slice(0, 5);
      row(
        LABEL[v],
        'CLS · JS heap',
        `${cls.toFixed(4)} · ${bytes(median(list.map((s) => s.heap)))}`,
        `CLS target 0: ${pass(cls === 0)} (without widget ${median(base.map((s) => s.marks.cls)).toFixed(3)})${shiftSources.length ? `; shifted: ${shiftSources.join(', ')}` : ''}; heap +${bytes(median(list.map((s) => s.heap)) - baseHeap)} over the page without widget`,
      );
      row(
        LABEL[v],
        'API requests · CORS preflights',
        `${median(list.map((s) => s.apiRequests))} · ${median(list.map((s) => s.preflights))}`,
        v === 'same'
          ? 'API through the page origin (no CORS)'
          : 'preflights counted at the API origin; round trips in the +RTT row',
      );
    }
    if (samples.reserved.length) {
      const list = samples.reserved;
      const cls = median(list.map((s) => s.marks.cls));
      const sources = [...new Set(list.flatMap((s) => s.marks.shifts.flatMap((x) => x.sources)))].slice(0, 5);
      row(
        LABEL.reserved,
        'CLS',
        cls.toFixed(4),
        `the proposed fix, tried here: \`${RESERVE_CSS}\` in the page before the deferred script runs; target 0: ${pass(cls === 0)}${sources.length ? `; still shifted: ${sources.join(', ')}` : ''}`,
      );
    }
    const shifted = samples.same.find((x) => x.marks.shifts.length > 0);
    if (shifted) {
      notes.push(
        `Layout shifts in one same-origin load (ms since navigation: score, moved nodes), with the script at ${Math.round(shifted.marks.defineCalled)} ms and the calendar interactive at ${Math.round(shifted.marks.ready)} ms: ${shifted.marks.shifts.map((x) => `${Math.round(x.t)} ms: ${x.v.toFixed(4)} (${x.sources.join(', ')})`).join('; ')}.`,
      );
    }
    for (const cpu of [1, 4] as const) {
      const list = slow[cpu];
      if (!list.length) continue;
      const afterScript = median(list.map((s) => s.marks.ready - s.marks.defineCalled));
      const rtts = afterScript / RTT;
      const w = median(list.map((s) => criticalWaves(s, RTT)));
      const pre = median(list.map((s) => s.preflights));
      const firstSent = median(list.map((s) => (criticalRequests(s)[0]?.start ?? Number.NaN) - s.marks.defineCalled));
      const afterLast = median(list.map((s) => s.marks.ready - Math.max(...criticalRequests(s).map((r) => r.end))));
      const work = median(list.map((s) => s.trace.fileScriptMs));
      // The target is about round trips (API.md §6: all first requests in parallel, no
      // preflight): judged unthrottled, where the widget's own work is small beside one RTT.
      // At 4× CPU the same wave is reported, and the time is the widget's work on top of it.
      // "Within one round trip": the calendar waits for one wave of requests and nothing else
      // of the network, and the widget's own time around that wave (before its first request,
      // after the last answer) adds up to less than one more round trip. The answers' own time
      // at the service is the round trip's, and on this shared 2-core box it varies with load.
      const own = firstSent + afterLast;
      const verdict =
        cpu === 1
          ? `target: within one round trip (one wave, no preflight, the widget's own time around it ${ms(own, 0)} < ${RTT} ms): ${pass(w <= 1 && pre === 0 && own < RTT)}`
          : `not a target: the same one wave, with the widget's main-thread work (${ms(work, 0)} in all) slowed 4×`;
      row(
        `${LABEL.cross}, +${RTT} ms per request, ${cpu}× CPU`,
        'script ran → interactive',
        `${ms(afterScript, 0)} (${rtts.toFixed(1)} RTT)`,
        `${verdict}; ${w} round trip(s) of requests before interactive (API and /cart.js), ${pre} preflight(s), ${median(list.map((s) => s.apiRequests))} API requests; first request sent ${ms(firstSent, 0)} after the script ran, interactive ${ms(afterLast, 0)} after the last answer it needed; navigation → interactive ${ms(median(list.map((s) => s.marks.ready)), 0)}`,
      );
      const example = list[0]!;
      const t0 = example.marks.defineCalled;
      const readyAt = Math.round(example.marks.ready - t0);
      notes.push(
        `One cross-origin load with +${RTT} ms per request at ${cpu}× CPU, the widget's requests relative to its script calling customElements.define (start → end, ms): ${example.api.map((r) => `${new URL(r.url).pathname}${new URL(r.url).search.replace(/token=[^&]+/, 'token=…').slice(0, 60)} ${Math.round(r.start - t0)} → ${Math.round(r.end - t0)}`).join('; ')}; preflights at the API origin: ${example.preflights}; the calendar was interactive at ${readyAt}, its first render done at ${Math.round(example.marks.defined - t0)}.`,
      );
    }
    notes.push(
      `Pages: public/index.html served by the bench's proxy in four variants (without the widget's scripts and element; as shipped, API through the page's origin; API on another port = another origin; as shipped plus one line of page CSS reserving the element's box), the storefront itself (dist/service/start.js, PGlite) behind it. Chromium ${CHROMIUM}, viewport 1280×900, 4× CPU throttling, ${SAMPLES} samples per variant interleaved, fresh context each, after one warm-up load each.`,
      `"Interactive": the widget's calendar table is no longer aria-busy (widget, blackouts and availability applied), timed from inside the page with a MutationObserver on the shadow root; "script ran": the widget's script calls customElements.define('booking-widget') (the bench wraps define to time it). Long tasks are RunTask events > 50 ms in a Chromium trace, counted as the widget's when an EvaluateScript/FunctionCall/compile event inside names booking-widget.js. JS heap: JSHeapUsedSize after a forced GC, 1 s after interactive.`,
    );
    try {
      await lighthouse(store, rows, notes);
    } catch (error) {
      row('Lighthouse performance', 'score', 'not measured', why(error));
    }
  } catch (error) {
    row('(browser)', '', 'not measured', why(error));
  } finally {
    await browser?.close().catch(() => {});
    await store.close();
  }
  return { rows, notes };
}
