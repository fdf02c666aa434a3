/**
 * The slot widget (issue 29, point 2): the demo's Guided paddle tour page (public/tour.html, a
 * widget of type "slot": the month, then a chosen day's departures) measured beside the kayak's
 * page (a range widget) in the same run, by the same method, so the two rows compare:
 *
 * - bytes before interactive: the widget's files the page had asked for when its calendar
 *   became interactive (resource timing), at their gzip size in dist/; and by the time the
 *   first chosen day's times were shown;
 * - time to interactive with 100 ms added to every request (API on another origin), at 1× and
 *   4× CPU, with the round trips and preflights the calendar waited for;
 * - long tasks at 4× CPU (every file of the widget, not only the entry);
 * - day click → next paint, and → the day's times shown, unthrottled and at 4× CPU.
 *
 *   npm run bench -- --only slot-widget --no-write
 * @module
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { sizes } from './bytes.ts';
import { launch } from './browser.ts';
import { type BenchPage, criticalRequests, criticalWaves, type Sample, sample } from './page-cost.ts';
import { daySession, type DayTiming } from './slot-clicks.ts';
import { startStorefront, type Storefront } from './storefront.ts';
import { bytes, log, median, ms, pass, percentile, ROOT, type Row, type SectionResult, why } from './util.ts';

const SAMPLES = Number(process.env.BENCH_SLOT_SAMPLES ?? 5);
const DAY_CLICKS = Number(process.env.BENCH_SLOT_DAY_CLICKS ?? 30);
const RTT = 100;
const FRAME = 16;
/** Trace attribution by URL: every file of the widget (booking-widget.js, booking-widget-*.js). */
const WIDGET_FILES = '/booking-widget';
const SECTION = 'Slot widget';

const LABEL = { tour: 'slot widget (tour page)', same: 'range widget (kayak page)' } as const;

/** gzip (level 9) of each widget file in dist/, by name. */
async function distGzip(): Promise<Map<string, number>> {
  const dist = join(ROOT, 'dist');
  const files = (await readdir(dist)).filter((f) => /^booking-widget[\w-]*\.js$/.test(f));
  const out = new Map<string, number>();
  for (const f of files) out.set(f, sizes(await readFile(join(dist, f))).gzip);
  return out;
}

/** A file's name without its hash: booking-widget-app-CBQVGo0U.js → app. */
function shortName(url: string): string {
  const file = new URL(url).pathname.slice(1);
  return file === 'booking-widget.js' ? 'entry' : (/^booking-widget-([a-z-]+?)-[\w]{8}\.js$/.exec(file)?.[1] ?? file);
}

/** The widget's files asked for before `until` (ms since navigation), and their gzip total. */
export function filesBefore(
  scripts: Sample['scripts'],
  until: number,
  gzip: Map<string, number>,
): { total: number; names: string[] } {
  const asked = [...new Set(scripts.filter((s) => s.start < until).map((s) => s.url))];
  const total = asked.reduce((n, url) => n + (gzip.get(new URL(url).pathname.slice(1)) ?? Number.NaN), 0);
  return { total, names: asked.map(shortName) };
}

function byMedian<T>(list: readonly T[], f: (x: T) => number): number {
  return median(list.map(f));
}

/** Loads `page` `count` times per setting, interleaved with `versus`, and keeps what succeeded. */
async function loads(
  browser: Browser,
  store: Storefront,
  pages: readonly BenchPage[],
  settings: ReadonlyArray<{ cpu: number; rtt: number }>,
  count: number,
  failures: string[],
): Promise<Map<string, Sample[]>> {
  const out = new Map<string, Sample[]>();
  for (let i = 0; i < count; i++) {
    for (const setting of settings) {
      for (const page of pages) {
        const key = `${page} ${setting.cpu} ${setting.rtt}`;
        try {
          const s = await sample(browser, store, page, { ...setting, file: WIDGET_FILES });
          out.set(key, [...(out.get(key) ?? []), s]);
        } catch (error) {
          failures.push(`${key}: ${why(error)}`);
        }
      }
    }
  }
  return out;
}

/** The Slot widget section. */
export async function measureSlotWidget(): Promise<SectionResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const row = (subject: string, measure: string, value: string, reference: string) =>
    rows.push({ section: SECTION, subject, measure, value, reference });
  let store: Storefront;
  try {
    store = await startStorefront();
  } catch (error) {
    row('(demo storefront)', '', 'not measured', why(error));
    return { rows, notes };
  }
  let browser: Browser | undefined;
  try {
    const gzip = await distGzip();
    browser = await launch();
    const failures: string[] = [];
    // One warm-up load each (server JIT, the storefront's files), not counted.
    for (const page of ['tour', 'same'] as const)
      await sample(browser, store, page, { cpu: 4, rtt: 0, file: WIDGET_FILES }).catch(() => {});
    log(`slot widget: ${SAMPLES} loads per page at 4× CPU`);
    const plain = await loads(browser, store, ['tour', 'same'], [{ cpu: 4, rtt: 0 }], SAMPLES, failures);
    log(`slot widget: loads with +${RTT} ms per request at 1× and 4× CPU`);
    const slow = await loads(
      browser,
      store,
      ['tour-cross', 'cross'],
      [
        { cpu: 1, rtt: RTT },
        { cpu: 4, rtt: RTT },
      ],
      Math.max(3, Math.ceil(SAMPLES / 2)),
      failures,
    );
    const tour = plain.get('tour 4 0') ?? [];
    const kayak = plain.get('same 4 0') ?? [];

    // 1. Bytes before interactive.
    const before = (list: Sample[]) => list.map((s) => filesBefore(s.scripts, s.marks.ready, gzip));
    const tourFiles = before(tour);
    const kayakFiles = before(kayak);
    if (tourFiles.length) {
      const slotEarly = tourFiles.filter((f) => f.names.includes('slot')).length;
      row(
        `${LABEL.tour}, before the calendar is interactive`,
        'widget files asked for · gzip',
        `${byMedian(tourFiles, (f) => f.names.length)} · ${bytes(byMedian(tourFiles, (f) => f.total))}`,
        `${tourFiles[0]!.names.join(', ')}; the ${LABEL.same}: ${byMedian(kayakFiles, (f) => f.names.length)} · ${bytes(byMedian(kayakFiles, (f) => f.total))} (${kayakFiles[0]?.names.join(', ') ?? 'n/a'}); the slot file asked for before interactive in ${slotEarly} of ${tourFiles.length} loads; 4× CPU, ${tour.length} loads`,
      );
    } else row(`${LABEL.tour}, before the calendar is interactive`, 'gzip', 'not measured', failures[0] ?? 'no sample');

    // 2. Navigation → interactive and long tasks at 4× CPU.
    for (const [page, list] of [
      ['tour', tour],
      ['same', kayak],
    ] as const) {
      if (!list.length) continue;
      row(
        `${LABEL[page]}, 4× CPU`,
        'navigation → calendar interactive · widget long tasks > 50 ms (count · total · longest)',
        `${ms(
          byMedian(list, (s) => s.marks.ready),
          0,
        )} · ${byMedian(list, (s) => s.trace.fileLongTasks)} · ${ms(
          byMedian(list, (s) => s.trace.fileLongTaskMs),
          0,
        )} · ${ms(
          byMedian(list, (s) => s.trace.longestFileTaskMs),
          0,
        )}`,
        `script ran at ${ms(
          byMedian(list, (s) => s.marks.defineCalled),
          0,
        )}; the widget's files on the main thread ${ms(
          byMedian(list, (s) => s.trace.fileScriptMs),
          0,
        )} in all; page long tasks ${byMedian(list, (s) => s.trace.longTasks)}; CLS ${byMedian(list, (s) => s.marks.cls).toFixed(4)}; ${list.length} loads`,
      );
    }

    // 3. Time to interactive with +RTT per request, API on another origin.
    for (const cpu of [1, 4] as const) {
      for (const page of ['tour-cross', 'cross'] as const) {
        const list = slow.get(`${page} ${cpu} ${RTT}`) ?? [];
        const label = page === 'tour-cross' ? LABEL.tour : LABEL.same;
        if (!list.length) {
          row(`${label}, API cross-origin, +${RTT} ms per request, ${cpu}× CPU`, '', 'not measured', 'no sample');
          continue;
        }
        const afterScript = byMedian(list, (s) => s.marks.ready - s.marks.defineCalled);
        const waves = byMedian(list, (s) => criticalWaves(s, RTT));
        const preflights = byMedian(list, (s) => s.preflights);
        const firstSent = byMedian(list, (s) => (criticalRequests(s)[0]?.start ?? Number.NaN) - s.marks.defineCalled);
        const afterLast = byMedian(list, (s) => s.marks.ready - Math.max(...criticalRequests(s).map((r) => r.end)));
        const own = firstSent + afterLast;
        row(
          `${label}, API cross-origin, +${RTT} ms per request, ${cpu}× CPU`,
          'navigation → interactive · script ran → interactive',
          `${ms(
            byMedian(list, (s) => s.marks.ready),
            0,
          )} · ${ms(afterScript, 0)} (${(afterScript / RTT).toFixed(1)} RTT)`,
          `${waves} round trip(s) of requests before interactive, ${preflights} preflight(s), ${byMedian(list, (s) => s.apiRequests)} API requests; the widget's own time around them ${ms(own, 0)}${cpu === 1 ? ` (target: one wave, no preflight, own time < ${RTT} ms: ${pass(waves <= 1 && preflights === 0 && own < RTT)})` : ''}; ${list.length} loads`,
        );
      }
    }

    // 4. Day clicks.
    for (const cpu of [1, 4] as const) {
      log(`slot widget: day clicks at ${cpu}× CPU`);
      try {
        const clicks = cpu === 1 ? DAY_CLICKS : Math.ceil(DAY_CLICKS / 2);
        const r = await daySession(browser, store, cpu, clicks);
        dayRows(row, r.clicks, cpu);
        if (cpu === 1 && r.first) {
          const shown = filesBefore(r.scripts, r.first.shownAt, gzip);
          row(
            `${LABEL.tour}, when the first chosen day's times are shown`,
            'widget files asked for · gzip',
            `${shown.names.length} · ${bytes(shown.total)}`,
            `${shown.names.join(', ')}; that first click → next paint ${ms(r.first.paint)}, → times shown ${ms(r.first.shown)} (the first /v1/slots of the page; the slot file ${r.first.slotFileBefore ? 'was already in' : 'loaded on it'})`,
          );
        }
      } catch (error) {
        row(`${LABEL.tour}, day click, ${cpu}× CPU`, 'click → next paint', 'not measured', why(error));
      }
    }
    if (failures.length)
      notes.push(
        `Loads that failed (not in the medians): ${failures.slice(0, 6).join('; ')}${failures.length > 6 ? ` and ${failures.length - 6} more` : ''}.`,
      );
    notes.push(
      `Pages: public/tour.html (the Guided paddle tour, a slot widget: departures 09:00 and 13:00, 8 seats) and public/index.html (the kayak hire, a range widget) served by the bench's proxy before the demo storefront (dist/service/start.js, PGlite, the demo fixture); "cross" variants point the widget's API at another origin. Chromium at 1280×900, fresh context per load, ${SAMPLES} loads per page at 4× CPU interleaved, ${Math.max(3, Math.ceil(SAMPLES / 2))} per page and CPU rate with +${RTT} ms per request, after one warm-up load each.`,
      `Bytes: the widget's files (booking-widget*.js; not the Shopify block's script) the page had started to fetch when the calendar became interactive (resource timing), each counted at its gzip size in dist/ (level 9), whatever the local server sent. "Interactive" and "script ran" as in the Page section; long tasks are RunTask events > 50 ms whose script events name any of the widget's files (the Page section counts the entry file's only).`,
      `Day clicks: real clicks (Playwright) on the tour page's available days of next month (cycling over its first six), after the calendar is interactive and with the hold's file in. Timed in the page from the click event's timeStamp to just after the next frame (requestAnimationFrame, then a message-channel task), and to the moment the chosen day's times are listed (its heading names the day, its radio buttons are in, nothing aria-busy). A day's times are asked of the service the first time it is chosen (GET /v1/slots) and kept: the "asked" and "kept" figures split those.`,
    );
  } catch (error) {
    row('(browser)', '', 'not measured', why(error));
  } finally {
    await browser?.close().catch(() => {});
    await store.close();
  }
  return { rows, notes };
}

function dayRows(
  row: (subject: string, measure: string, value: string, reference: string) => void,
  clicks: DayTiming[],
  cpu: number,
): void {
  const label = cpu === 1 ? 'unthrottled' : `${cpu}× CPU`;
  const paint = clicks.map((c) => c.paint);
  const asked = clicks.filter((c) => c.fetched).map((c) => c.shown);
  const kept = clicks.filter((c) => !c.fetched).map((c) => c.shown);
  row(
    `${LABEL.tour}, day click, ${label}`,
    'click → next paint (median · p90) · → times shown (asked · kept)',
    `${ms(median(paint))} · ${ms(percentile(paint, 90))} · ${ms(median(asked))} · ${ms(median(kept))}`,
    `${cpu === 1 ? `target < ${FRAME} ms: ${pass(median(paint) < FRAME)}; ` : ''}${paint.length} clicks, ${asked.length} of them asking the service for the day's times`,
  );
}
