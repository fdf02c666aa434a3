/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { type Plugin, type UserConfig, defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';

/**
 * The zones every zone-sensitive suite runs under: the process's zone must never leak into
 * results. Kiritimati is UTC+14, Pago Pago UTC-11, Santiago has DST changes at midnight.
 */
/**
 * Files that check the repository rather than run code under a zone (imports, links, the
 * client's package built by tsc, the widget's bytes built by Vite): run once, in UTC, like the
 * Shopify extension's. Each costs seconds to a minute of a core per run.
 */
const ZONE_FREE = [
  'test/service/architecture.test.ts',
  'test/service/http/openapi-validity.test.ts',
  'test/shared/markdown-links.test.ts',
  'test/client/package.test.ts',
  'test/client/exports.test.ts',
  'test/widget/bundle-size.test.ts',
  'test/widget/api-paths.test.ts',
];

const NODE_ZONES = ['UTC', 'Pacific/Kiritimati', 'America/Santiago'];
const WIDGET_ZONES = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Santiago'];

/** The shop's zone in the e2e fixture (test/e2e/helpers/fixture.ts): the fake dates are its days. */
const E2E_SHOP_TZ = 'Australia/Melbourne';

/** `+11:00`: the offset from UTC of `zone` at `instant` (epoch ms). */
function offsetIn(zone: string, instant: number): string {
  const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.replace('GMT', '');
}

/**
 * `day` (year, month 1-12, day; JavaScript's overflow rules, so day 0 is the month before's
 * last) at 10:00 in the shop's zone, as an ISO instant with its offset. 10:00 local is 23:00 or
 * 00:00 UTC, after any change of Melbourne's offset that day (those happen at 02:00 or 03:00
 * local): the offset at UTC midnight of the day is the offset at 10:00.
 */
function tenInTheMorning(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const ymd = date.toISOString().slice(0, 10);
  return `${ymd}T10:00:00${offsetIn(E2E_SHOP_TZ, date.getTime())}`;
}

/**
 * The `E2E_NOW` of the fake-date e2e projects, from today's date: the next last day of a month
 * and the next 31 December, at 10:00 in the shop's zone. The next ones, never one already
 * passed: some rows are stamped by the database's own clock (`created_at DEFAULT now()`), and
 * with the suite's clock at or after the host's they are never stamped later than the suite's
 * "now". The instant is the same for every file of a run (each file's service starts at it), and
 * moves from month to month, so CI meets 28-, 29-, 30- and 31-day months in turn. A failure names
 * its project, and so its date; `E2E_NOW=… npx vitest run --project e2e` runs it again.
 */
export function e2eDates(now = Date.now()): { monthEnd: string; newYearsEve: string } {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: E2E_SHOP_TZ, year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  const next = (candidates: string[]) => candidates.find((c) => Date.parse(c) > now)!;
  return {
    // Not 31 December, which has a project of its own: in December, the end of January.
    monthEnd: next([1, 2, 3].map((n) => tenInTheMorning(y, m + n, 0)).filter((c) => !c.includes('-12-31T'))),
    newYearsEve: next([tenInTheMorning(y, 12, 31), tenInTheMorning(y + 1, 12, 31)]),
  };
}

/**
 * The `e2e` project's `E2E_NOW`: none (the host's time), unless the shop's midnight is less than
 * an hour away. Each file computes "today" when its service starts and lays out its fixture's
 * days from it; a run that crosses the shop's midnight (a CI run at 12:40 UTC is 23:40 in
 * Melbourne) would find its "today" already past. Then the run starts just after that midnight.
 */
export function realDateNow(now: number, preset: string | undefined): Record<string, string> {
  // An E2E_NOW set by whoever runs the tests is theirs to keep.
  if (preset) return {};
  const hour = 3_600_000;
  const dayOf = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: E2E_SHOP_TZ }).format(at);
  if (dayOf(now) === dayOf(now + hour)) return {};
  // The first minute of the next shop day, found a minute at a time within the hour.
  let next = now + hour;
  while (dayOf(next - 60_000) !== dayOf(now)) next -= 60_000;
  const at = new Date(next + 60_000);
  const ymd = dayOf(at.getTime());
  const hm = new Intl.DateTimeFormat('en-GB', {
    timeZone: E2E_SHOP_TZ,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return { E2E_NOW: `${ymd}T${hm}:00${offsetIn(E2E_SHOP_TZ, at.getTime())}` };
}

/**
 * The fake-date e2e projects run on CI (`CI=true`, as `.ci/run` sets) and locally only with
 * `E2E_DATES=all`: each is the whole browser suite again (minutes), which a laptop's `npm test`
 * can do without.
 */
const E2E_FAKE_DATES = ['true', '1'].includes((process.env.CI ?? '').toLowerCase()) || process.env.E2E_DATES === 'all';

/**
 * The global setups of the suites that run the service: the migrated PGlite they start from,
 * made once per run (creating one costs seconds), and the name of the run's PostgreSQL
 * databases, dropped when the project ends.
 */
const DATABASE_SETUP = ['test/helpers/pglite-setup.ts', 'test/helpers/postgres-setup.ts'];

/**
 * The browser projects: their files run after every other project's (`groupOrder` 1), two at a
 * time (each file has its own Chromium and storefront on a free port), on a widget and admin
 * built once beforehand. A worker's files share its modules (the service, playwright-core):
 * the pass took 104 s instead of 130 s. A third worker gained nothing (the files wait on the
 * pages more than they compute: 1.1 of 2 cores busy).
 */
const BROWSER_PROJECT = {
  environment: 'node' as const,
  include: ['test/e2e/**/*.test.ts'],
  globalSetup: ['test/e2e/helpers/build-setup.ts'],
  sequence: { groupOrder: 1 },
  maxWorkers: 2,
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/** The widget's app file, loaded by the entry; its own imports and the language files. */
const APP = 'src/widget/app/mount.tsx';
const LOAD_APP = resolve('src/widget/boot/load-app.ts');

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The entry build's `load-app.ts`: imports the built app file, every file it imports (at once,
 * in parallel, rather than one after another as the browser would discover them), and the
 * page's language file, each from the entry script's own URL (a CDN on another origin
 * included). File names come from the app build's manifest.
 */
function loadAppFromManifest(): Plugin {
  let outDir = 'dist';
  return {
    name: 'booking-widget:load-app',
    enforce: 'pre',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    load(id) {
      if (resolve(id) !== LOAD_APP) return;
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      const files = (key: string): string[] => {
        const chunk = manifest[key]!;
        return [chunk.file, ...(chunk.imports ?? []).flatMap(files)];
      };
      const [app, ...imports] = [...new Set(files(APP))];
      const locales = Object.fromEntries(
        Object.entries(manifest).flatMap(([key, chunk]) => {
          const lang = /^src\/widget\/locales\/(\w+)\.ts$/.exec(key)?.[1];
          return lang ? [[lang, chunk.file]] : [];
        }),
      );
      return `
// The script's URL while it runs (a theme may add it by any means; the last resort is its name).
const script = document.currentScript?.src || [...document.scripts].map((s) => s.src).find((s) => /booking-widget\\.js/.test(s)) || location.href;
const url = (file) => new URL(file, script).href;
const LOCALES = ${JSON.stringify(locales)};
export const loadApp = (locale) => {
  const lang = (locale || '').split('-')[0].toLowerCase();
  for (const file of [...${JSON.stringify(imports)}, LOCALES[lang]]) if (file) import(url(file)).catch(() => {});
  return import(url(${JSON.stringify(app)}));
};`;
    },
  };
}

/** `vite build --mode entry`: `dist/booking-widget.js`, the classic script a merchant pastes. */
const entryBuild = (): UserConfig => ({
  publicDir: false,
  plugins: [loadAppFromManifest()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    lib: { entry: 'src/widget/main.ts', formats: ['iife'], name: 'BookingWidget', fileName: () => 'booking-widget.js' },
  },
});

/** Vite's id of the helper it wraps every dynamic import in (`__vitePreload(() => import(…), deps)`). */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * The preload helper reduced to calling the import. With `modulePreload: false` every dynamic
 * import's list of files to preload is empty, yet Vite still wraps each in its helper, 1.3 KB
 * gzip of code that adds `<link>`s (none here) and a `vite:preloadError` event (the widget says
 * itself when a file does not arrive) in the app's file, before the calendar is interactive
 * (vitejs/vite#18551, #13952). Loaded in its place, the wrapper is one call.
 */
function noPreloadHelper(): Plugin {
  return {
    name: 'booking-widget:no-preload-helper',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER ? id : undefined),
    load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : undefined),
  };
}

/**
 * `vite build`: the files the entry loads, as ES modules. Preact with @preact/signals, and
 * date-fns with date-fns-tz, are files of their own, so every file stays under Shopify's
 * 10,000 B gzip per file; the hold's code and each language are loaded on demand.
 */
const appBuild = (): UserConfig => ({
  plugins: [noPreloadHelper()],
  // public/ is the demo storefront, served by `npm start`; it must not be copied into dist/,
  // which is what the npm package ships.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    manifest: true,
    // No preload helper: the entry already imports every static import of the app in parallel.
    modulePreload: false,
    rolldownOptions: {
      input: { 'booking-widget-app': APP },
      preserveEntrySignatures: 'exports-only',
      output: {
        format: 'es',
        entryFileNames: '[name]-[hash].js',
        chunkFileNames: 'booking-widget-[name]-[hash].js',
        codeSplitting: {
          groups: [
            { name: 'preact', test: /node_modules[\\/](preact|@preact)[\\/]/ },
            { name: 'dates', test: /node_modules[\\/]date-fns(-tz)?[\\/]/ },
            // What the calendar shares with the files loaded on demand (the hold's, the slot
            // list's): one file, whichever of them imports it, so a slot widget's file adds no
            // split to the files a date or range widget waits for.
            {
              name: 'cart',
              test: /src[\\/](widget[\\/](format|api[\\/]cart)|shared[\\/](plain-date|zones))\.ts$|vite[\\/]preload-helper/,
            },
            // The client's light requester and the slots' read, shared by the files loaded on
            // demand (the slot list's, the questions', the shared resources'): one file, so a
            // slot widget's times wait for no more files than before resources came.
            {
              name: 'api-promise',
              test: /src[\\/](client[\\/](core|errors)[\\/]|client[\\/]resources[\\/]availability\.ts$|shared[\\/]errors\.ts$)/,
            },
          ],
        },
      },
    },
  },
});

/**
 * `vite build --mode admin`: the merchant admin (src/admin), a page of its own served by the
 * service at `/admin/` from `dist/admin`, its files hashed.
 */
const adminBuild = (): UserConfig => ({
  root: 'src/admin',
  base: '/admin/',
  publicDir: false,
  build: { outDir: resolve('dist/admin'), emptyOutDir: true, target: 'es2022' },
});

export default defineConfig(({ mode }) => ({
  ...(mode === 'entry' ? entryBuild() : mode === 'admin' ? adminBuild() : appBuild()),
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. The
    // suites wait on databases, child processes and sockets far more than they compute (one
    // worker used 40 % of a core), so at least three files run at once.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    setupFiles: ['test/helpers/zone-setup.ts'],
    projects: [
      ...NODE_ZONES.map((tz) => ({
        extends: true as const,
        test: {
          name: `node ${tz}`,
          environment: 'node',
          // The extension's files do not depend on the zone: built and checked once.
          include: [
            'test/shared/**/*.test.ts',
            'test/service/**/*.test.ts',
            'test/client/**/*.test.ts',
            ...(tz === 'UTC' ? ['test/shopify/**/*.test.ts'] : []),
          ],
          exclude: tz === 'UTC' ? configDefaults.exclude : [...configDefaults.exclude, ...ZONE_FREE],
          env: { TZ: tz },
          globalSetup: DATABASE_SETUP,
          // A worker's files share its modules and its databases (test/helpers/service.ts):
          // importing the service and migrating a database once per worker, not once per
          // file, halves the project's CPU time. A file that mocks a module re-imports what
          // uses it after vi.resetModules() (hardening/tenants-tokens.test.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      ...WIDGET_ZONES.map((tz) => ({
        extends: true as const,
        test: {
          name: `widget ${tz}`,
          environment: 'happy-dom',
          include: ['test/widget/**/*.test.{ts,tsx}'],
          exclude: tz === 'UTC' ? configDefaults.exclude : [...configDefaults.exclude, ...ZONE_FREE],
          env: { TZ: tz },
          // The widget's suites render against the real in-process service (render-widget.ts).
          globalSetup: DATABASE_SETUP,
          // As the node projects: each file cleans its document (afterEach) and shares modules.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      // The admin's screens in happy-dom against the real in-process service (test/helpers/render-admin.tsx).
      {
        extends: true as const,
        test: {
          name: 'admin UTC',
          environment: 'happy-dom',
          include: ['test/admin/**/*.test.{ts,tsx}'],
          env: { TZ: 'UTC' },
          globalSetup: DATABASE_SETUP,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Types, checked where the tests run: Vitest's typecheck mode runs tsc over tsconfig.json's
      // files (src, test, vite.config.ts). A type error in any of them fails the run, and the
      // `expectTypeOf` assertions of the `*.test-d.ts` files are tests here (at run time, in a
      // plain test file, they are no-ops that cannot fail).
      {
        extends: true as const,
        test: {
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: 'tsconfig.json',
            ignoreSourceErrors: false,
          },
        },
      },
      {
        extends: true as const,
        test: { name: 'e2e', ...BROWSER_PROJECT, env: realDateNow(Date.now(), process.env.E2E_NOW) },
      },
      // The browser suite again on a fake date (E2E_NOW, test/e2e/helpers/clock.ts) where the
      // calendar turns: a month's last day, and the year's.
      ...(E2E_FAKE_DATES
        ? Object.entries({ 'e2e month-end': e2eDates().monthEnd, 'e2e 31 Dec': e2eDates().newYearsEve }).map(
            ([name, now]) => ({
              extends: true as const,
              test: { name, ...BROWSER_PROJECT, env: { E2E_NOW: now } },
            }),
          )
        : []),
    ],
  },
}));
