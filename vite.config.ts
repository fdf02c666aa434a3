/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Plugin, type UserConfig, defineConfig } from 'vite';

/**
 * The zones every zone-sensitive suite runs under: the process's zone must never leak into
 * results. Kiritimati is UTC+14, Pago Pago UTC-11, Santiago has DST changes at midnight.
 */
const NODE_ZONES = ['UTC', 'Pacific/Kiritimati', 'America/Santiago'];
const WIDGET_ZONES = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Santiago'];

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
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
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

/**
 * `vite build`: the files the entry loads, as ES modules. Preact with @preact/signals, and
 * date-fns with date-fns-tz, are files of their own, so every file stays under Shopify's
 * 10,000 B gzip per file; the hold's code and each language are loaded on demand.
 */
const appBuild = (): UserConfig => ({
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
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    setupFiles: ['test/helpers/zone-setup.ts'],
    projects: [
      ...NODE_ZONES.map((tz) => ({
        extends: true as const,
        test: {
          name: `node ${tz}`,
          environment: 'node',
          // The extension's files do not depend on the zone: built and checked once.
          include: ['test/shared/**/*.test.ts', 'test/service/**/*.test.ts', 'test/client/**/*.test.ts', ...(tz === 'UTC' ? ['test/shopify/**/*.test.ts'] : [])],
          env: { TZ: tz },
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
          env: { TZ: tz },
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true as const,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
