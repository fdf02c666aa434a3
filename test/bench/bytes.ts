/**
 * Bytes: `dist/booking-widget.js` raw, gzip (level 9) and Brotli (quality 11); the same file
 * split into parts (Preact, signals, date code, client, widget) from the bundler's module
 * info; and the same measure of peers installed from npm at bench time into a temp folder.
 *
 * Parts: the widget is built again with Vite's `build()` API and the repository's own
 * vite.config.ts (`write: false`), with a plugin that reads each module's rendered code from
 * `generateBundle`'s `chunk.modules`. The rendered code is pre-minification, so each part's
 * code is wrapped in a function (as the IIFE wraps it) and minified alone with Rolldown's
 * minifier (names mangled, no compression pass), then compressed alone. Parts compressed alone
 * add up to a bit more than the whole; the reference column also gives each part's share of
 * the file's gzip, by its share of the rendered code.
 * @module
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { minifySync } from 'rolldown/experimental';
import { build, type Plugin, type Rollup } from 'vite';
import { bytes, log, pass, ROOT, run, type Row, type SectionResult, why } from './util.ts';

/** Sizes of one piece of JavaScript. */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export function sizes(code: string | Uint8Array): Sizes {
  const buffer = typeof code === 'string' ? Buffer.from(code) : Buffer.from(code);
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    }).length,
  };
}

/** Shopify's theme-check suggestion, and ours (issue 7): bytes gzip per JS file. */
const TARGET_GZIP = 10_000;
/** The `npm test` budget the widget engineer enforces. */
const TEST_BUDGET_GZIP = 14_000;

const PARTS = ['Preact', 'signals', 'date code', 'client', 'widget', 'other'] as const;
type Part = (typeof PARTS)[number];

/** What each part holds: the widget may swap a library for its own module (a renderer in place of Preact). */
const PART_LABEL: Record<Part, string> = {
  Preact: 'Preact (or the widget\'s own renderer, widget/dom.ts)',
  signals: 'signals (or widget/reactive.ts)',
  'date code': 'date code (date-fns*, shared/plain-date, shared/zones, widget/zone, widget/calendar/*, widget/format)',
  client: 'client (src/client)',
  widget: 'widget (the rest of src/widget, src/shared)',
  other: 'other',
};

/** Which part a module of the bundle belongs to, by its path. */
export function partOf(id: string): Part {
  const path = id.replaceAll('\\', '/');
  if (/\/node_modules\/@preact\/signals/.test(path) || /\/src\/widget\/reactive\.tsx?$/.test(path)) return 'signals';
  if (/\/node_modules\/preact\//.test(path) || /\/src\/widget\/dom\.tsx?$/.test(path)) return 'Preact';
  if (/\/node_modules\/(date-fns|date-fns-tz|@date-fns)\//.test(path)) return 'date code';
  if (/\/src\/shared\/(plain-date|zones)\.ts$/.test(path) || /\/src\/widget\/(calendar\/|format\.ts$|zone\.ts$)/.test(path)) return 'date code';
  if (/\/src\/client\//.test(path)) return 'client';
  if (/\/src\/(widget|shared)\//.test(path)) return 'widget';
  return 'other';
}

/** Builds the widget in memory with the project's config and returns each module's rendered code. */
async function widgetModules(): Promise<{ code: string; modules: Map<string, string> }> {
  const modules = new Map<string, string>();
  let code = '';
  const record: Plugin = {
    name: 'bench-record-modules',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        code += output.code;
        for (const [id, info] of Object.entries((output as Rollup.OutputChunk).modules)) {
          modules.set(id, info.code ?? '');
        }
      }
    },
  };
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'silent',
    build: { write: false, emptyOutDir: false },
    plugins: [record],
  });
  return { code, modules };
}

/** Minifies `code` as the body of one function (the IIFE), so its top-level names are mangled too. */
function minifiedPart(code: string): string {
  // No compression pass: alone, a part's declarations look unused and would be dropped.
  const result = minifySync('part.js', `(function(){${code}\n})();`, { compress: false, mangle: true });
  return result.code;
}

const PEERS: ReadonlyArray<{ name: string; label: string; entry?: string; file?: string; note: string }> = [
  { name: 'cally', label: 'cally', entry: `import * as cally from 'cally';\nglobalThis.__peer = cally;\n`, note: 'all components (one module), bundled like ours' },
  {
    name: '@duetds/date-picker',
    label: '@duetds/date-picker',
    entry: `import { defineCustomElements } from '@duetds/date-picker/custom-element';\ndefineCustomElements();\n`,
    note: 'custom-element build + Stencil runtime, bundled like ours; + its CSS',
  },
  { name: 'flatpickr', label: 'flatpickr', entry: `import flatpickr from 'flatpickr';\nglobalThis.__peer = flatpickr;\n`, note: 'JS only, bundled like ours; + 3 KB gz CSS' },
  {
    name: 'react-day-picker',
    label: 'react-day-picker + preact/compat',
    entry: `import { DayPicker } from 'react-day-picker';\nimport { createElement } from 'react';\nimport { render } from 'preact';\nrender(createElement(DayPicker, { mode: 'single' }), document.body);\n`,
    note: 'react → preact/compat, rendered once; JS only (+ its CSS)',
  },
  { name: '@calcom/embed-core', label: '@calcom/embed-core', file: 'dist/embed/embed.js', note: "shipped embed file as is (the booker is an iframe on top)" },
];

/** Installs the peers into `dir` (outside the repository): all at once, else one by one into their own folders. */
async function installPeers(dir: string): Promise<Map<string, { root: string } | { error: string }>> {
  const names = [...PEERS.map((p) => p.name), 'preact'];
  const result = new Map<string, { root: string } | { error: string }>();
  const npm = (prefix: string, packages: string[]) =>
    run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', prefix, ...packages], { timeoutMs: 240_000 });
  await mkdir(dir, { recursive: true });
  const all = await npm(dir, names);
  if (all.code === 0) {
    for (const p of PEERS) result.set(p.name, { root: dir });
    return result;
  }
  log(`peers: one install failed (${why(all.stderr)}); installing one by one`);
  for (const p of PEERS) {
    const own = join(dir, p.name.replace(/[@/]/g, '_'));
    await mkdir(own, { recursive: true });
    const one = await npm(own, p.name === 'react-day-picker' ? [p.name, 'preact'] : [p.name]);
    result.set(p.name, one.code === 0 ? { root: own } : { error: `npm install failed: ${why(one.stderr.trim().split('\n').pop() ?? '')}` });
  }
  return result;
}

/** Bundles an entry the way our widget is built: Vite lib mode, one minified IIFE, ES2022. */
async function bundlePeer(root: string, label: string, entrySource: string): Promise<string> {
  const entry = join(root, `bench-entry-${label.replace(/[^a-z0-9]+/gi, '-')}.js`);
  await writeFile(entry, entrySource);
  const compat = join(root, 'node_modules/preact/compat/dist/compat.mjs');
  const jsx = join(root, 'node_modules/preact/jsx-runtime/dist/jsxRuntime.mjs');
  let code = '';
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    resolve: {
      alias: [
        { find: /^react\/jsx-runtime$/, replacement: jsx },
        { find: /^react\/jsx-dev-runtime$/, replacement: jsx },
        { find: /^react-dom\/test-utils$/, replacement: join(root, 'node_modules/preact/test-utils/dist/testUtils.mjs') },
        { find: /^react-dom(\/client)?$/, replacement: compat },
        { find: /^react$/, replacement: compat },
      ],
    },
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry, formats: ['iife'], name: 'Peer', fileName: () => 'peer.js' },
    },
    plugins: [
      {
        name: 'bench-collect',
        generateBundle(_o, bundle) {
          for (const output of Object.values(bundle)) if (output.type === 'chunk') code += output.code;
        },
      },
    ],
  });
  return code;
}

async function version(root: string, name: string): Promise<string> {
  try {
    return (JSON.parse(await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

/** The Bytes section. */
export async function measureBytes(): Promise<SectionResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const row = (subject: string, measure: string, value: string, reference = '') => rows.push({ section: 'Bytes', subject, measure, value, reference });

  // 1. The shipped file.
  const file = join(ROOT, 'dist/booking-widget.js');
  let ours: Sizes | undefined;
  if (existsSync(file)) {
    ours = sizes(await readFile(file));
    row('booking-widget.js', 'raw / gzip / brotli', `${bytes(ours.raw)} / ${bytes(ours.gzip)} / ${bytes(ours.brotli)}`,
      `gzip target ≤ ${bytes(TARGET_GZIP)}: ${pass(ours.gzip <= TARGET_GZIP)} (npm test budget ${bytes(TEST_BUDGET_GZIP)}: ${pass(ours.gzip <= TEST_BUDGET_GZIP)})`);
  } else {
    row('booking-widget.js', 'raw / gzip / brotli', 'not built', 'run npm run build');
  }

  // 2. Its parts.
  try {
    const { code, modules } = await widgetModules();
    const whole = sizes(code);
    if (ours && whole.raw !== ours.raw) notes.push(`The in-memory build for the parts is ${bytes(whole.raw)} raw, the file on disk ${bytes(ours.raw)}: dist/ was built from other sources.`);
    const grouped = new Map<Part, { code: string[]; count: number; rendered: number }>();
    for (const [id, source] of modules) {
      const part = partOf(id);
      const g = grouped.get(part) ?? { code: [], count: 0, rendered: 0 };
      g.code.push(source);
      g.count += 1;
      g.rendered += source.length;
      grouped.set(part, g);
    }
    const renderedTotal = [...grouped.values()].reduce((s, g) => s + g.rendered, 0);
    for (const part of PARTS) {
      const g = grouped.get(part);
      if (!g) {
        if (part !== 'other') row(`part: ${PART_LABEL[part]}`, 'raw / gzip / brotli (alone)', '0 B', 'not in the bundle');
        continue;
      }
      const min = sizes(minifiedPart(g.code.join('\n')));
      row(`part: ${PART_LABEL[part]}`, 'raw / gzip / brotli (alone)', `${bytes(min.raw)} / ${bytes(min.gzip)} / ${bytes(min.brotli)}`,
        `${g.count} module${g.count === 1 ? "" : "s"}, ${Math.round((100 * g.rendered) / renderedTotal)} % of the rendered code; ≈ ${bytes((whole.gzip * g.rendered) / renderedTotal)} of the file's gzip`);
    }
    const biggest = [...modules].map(([id, c]) => ({ id: id.replace(ROOT, '').replace(/^.*node_modules\//, ''), n: c.length })).sort((a, b) => b.n - a.n).slice(0, 8);
    notes.push(`Largest modules in booking-widget.js (rendered, before minification): ${biggest.map((m) => `${m.id} ${bytes(m.n)}`).join(', ')}.`);
  } catch (error) {
    row('parts', 'raw / gzip / brotli', 'failed', why(error));
  }

  // 3. Peers.
  const dir = join(tmpdir(), 'booking-widget-bench-peers');
  log(`bytes: installing peers into ${dir}`);
  const installed = await installPeers(dir);
  for (const peer of PEERS) {
    const where = installed.get(peer.name);
    if (!where || 'error' in where) {
      row(peer.label, 'raw / gzip / brotli', 'not measured', where && 'error' in where ? where.error : 'not installed');
      continue;
    }
    try {
      const v = await version(where.root, peer.name);
      const code = peer.file ? await readFile(join(where.root, 'node_modules', peer.name, peer.file)) : await bundlePeer(where.root, peer.label, peer.entry!);
      const s = sizes(code);
      const versus = ours ? `; ours is ${((100 * ours.gzip) / s.gzip).toFixed(0)} % of its gzip` : '';
      const extra = peer.name === 'react-day-picker' ? ` (preact ${await version(where.root, 'preact')})` : '';
      row(`${peer.label} ${v}${extra}`, 'raw / gzip / brotli', `${bytes(s.raw)} / ${bytes(s.gzip)} / ${bytes(s.brotli)}`, `${peer.note}${versus}`);
    } catch (error) {
      row(peer.label, 'raw / gzip / brotli', 'not measured', why(error));
    }
  }
  notes.push(`Peers were installed with \`npm install --no-save --prefix ${dir}\` at bench time (latest versions in the registry). gzip is level 9, Brotli quality 11 (Node's zlib).`);
  return { rows, notes };
}
