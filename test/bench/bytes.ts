/**
 * Bytes: each file of the widget in `dist/` (the entry `booking-widget.js` and the files it
 * loads) raw, gzip (level 9) and Brotli (quality 11), and what is loaded before the calendar is
 * interactive; the widget split into parts (Preact, signals, date-fns, date-fns-tz, client,
 * widget) from the bundler's module info; and the same measure of peers installed from npm at
 * bench time into a temp folder.
 *
 * Parts: the widget is built again (both builds, app and entry) with Vite's `build()` API and
 * the repository's own vite.config.ts (`write: false`), with a plugin that reads each module's rendered code from
 * `generateBundle`'s `chunk.modules`. The rendered code is pre-minification, so each part's
 * code is wrapped in a function (as the IIFE wraps it) and minified alone with Rolldown's
 * minifier (names mangled, no compression pass), then compressed alone. Parts compressed alone
 * add up to a bit more than the whole; the reference column also gives each part's share of
 * the file's gzip, by its share of the rendered code.
 * @module
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { minifySync } from 'rolldown/experimental';
import { build, type Plugin, type Rollup } from 'vite';
import { BEFORE_INTERACTIVE, PER_FILE } from '../widget/byte-budgets.ts';
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

/** Shopify's limit per JavaScript file of an app (issue 13), bytes gzip; the `npm test` budget too. */
const TARGET_GZIP = PER_FILE;
/** Issue 13's target for everything loaded before the calendar is interactive, and the `npm test` budget. */
const TARGET_BEFORE_INTERACTIVE = 20_000;
/** `npm test`'s budget for it (test/widget/byte-budgets.ts): the specified stack does not fit 20,000 B. */
const TEST_BUDGET_BEFORE_INTERACTIVE = BEFORE_INTERACTIVE;

const PARTS = ['Preact', 'signals', 'date-fns', 'date-fns-tz', 'client', 'widget', 'other'] as const;
type Part = (typeof PARTS)[number];

/** What each part holds. */
const PART_LABEL: Record<Part, string> = {
  Preact: 'Preact (preact, preact/hooks, the JSX runtime)',
  signals: '@preact/signals (and signals-core)',
  'date-fns': 'date-fns',
  'date-fns-tz': 'date-fns-tz',
  client: 'client (src/client)',
  widget: 'widget (src/widget, src/shared)',
  other: 'other',
};

/** Which part a module of the bundle belongs to, by its path. */
export function partOf(id: string): Part {
  const path = id.replaceAll('\\', '/');
  if (/\/node_modules\/@preact\/signals/.test(path)) return 'signals';
  if (/\/node_modules\/preact\//.test(path)) return 'Preact';
  if (/\/node_modules\/date-fns-tz\//.test(path)) return 'date-fns-tz';
  if (/\/node_modules\/date-fns\//.test(path)) return 'date-fns';
  if (/\/src\/client\//.test(path)) return 'client';
  if (/\/src\/(widget|shared)\//.test(path)) return 'widget';
  return 'other';
}

/** A widget file's role, from its name. */
function roleOf(file: string): string {
  if (file === 'booking-widget.js') return 'entry (the script tag)';
  const part = /^booking-widget-([a-z]+)-/.exec(file)?.[1] ?? '?';
  const roles: Record<string, string> = {
    app: 'app (calendar, models)',
    preact: 'Preact + @preact/signals',
    dates: 'date-fns + date-fns-tz',
    format: 'shared by app and hold',
    cart: 'formatting and the storefront cart, shared by app and hold',
    hold: 'hold (on first pick / idle)',
    slot: "a slot widget's times (loaded by the hold's file, slot widgets only)",
    api: "the client's light requester (questions, slot list and shared resources files)",
    resources: "ticket types and a shopper's choice (loaded by the hold's file, products with shared resources only)",
  };
  return roles[part] ?? `strings: ${part} (only on ${part} pages)`;
}

/** Builds the widget in memory (both builds) with the project's config and returns each module's rendered code. */
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
  for (const mode of ['production', 'entry']) {
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      mode,
      root: ROOT,
      logLevel: 'silent',
      build: { write: false, emptyOutDir: false },
      plugins: [record],
    });
  }
  return { code, modules };
}

/** Minifies `code` as the body of one function (the IIFE), so its top-level names are mangled too. */
function minifiedPart(code: string): string {
  // No compression pass: alone, a part's declarations look unused and would be dropped.
  const result = minifySync('part.js', `(function(){${code}\n})();`, { compress: false, mangle: true });
  return result.code;
}

const PEERS: ReadonlyArray<{ name: string; label: string; entry?: string; file?: string; note: string }> = [
  {
    name: 'cally',
    label: 'cally',
    entry: `import * as cally from 'cally';\nglobalThis.__peer = cally;\n`,
    note: 'all components (one module), bundled like ours',
  },
  {
    name: '@duetds/date-picker',
    label: '@duetds/date-picker',
    entry: `import { defineCustomElements } from '@duetds/date-picker/custom-element';\ndefineCustomElements();\n`,
    note: 'custom-element build + Stencil runtime, bundled like ours; + its CSS',
  },
  {
    name: 'flatpickr',
    label: 'flatpickr',
    entry: `import flatpickr from 'flatpickr';\nglobalThis.__peer = flatpickr;\n`,
    note: 'JS only, bundled like ours; + 3 KB gz CSS',
  },
  {
    name: 'react-day-picker',
    label: 'react-day-picker + preact/compat',
    entry: `import { DayPicker } from 'react-day-picker';\nimport { createElement } from 'react';\nimport { render } from 'preact';\nrender(createElement(DayPicker, { mode: 'single' }), document.body);\n`,
    note: 'react → preact/compat, rendered once; JS only (+ its CSS)',
  },
  {
    name: '@calcom/embed-core',
    label: '@calcom/embed-core',
    file: 'dist/embed/embed.js',
    note: 'shipped embed file as is (the booker is an iframe on top)',
  },
];

/** Installs the peers into `dir` (outside the repository): all at once, else one by one into their own folders. */
async function installPeers(dir: string): Promise<Map<string, { root: string } | { error: string }>> {
  const names = [...PEERS.map((p) => p.name), 'preact'];
  const result = new Map<string, { root: string } | { error: string }>();
  const npm = (prefix: string, packages: string[]) =>
    run(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', prefix, ...packages],
      { timeoutMs: 240_000 },
    );
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
    result.set(
      p.name,
      one.code === 0
        ? { root: own }
        : { error: `npm install failed: ${why(one.stderr.trim().split('\n').pop() ?? '')}` },
    );
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
        {
          find: /^react-dom\/test-utils$/,
          replacement: join(root, 'node_modules/preact/test-utils/dist/testUtils.mjs'),
        },
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
    return (JSON.parse(await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return '?';
  }
}

/** The Bytes section. */
export async function measureBytes(): Promise<SectionResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const row = (subject: string, measure: string, value: string, reference = '') =>
    rows.push({ section: 'Bytes', subject, measure, value, reference });

  // 1. The shipped files.
  let ours: Sizes | undefined;
  const dist = join(ROOT, 'dist');
  if (existsSync(join(dist, 'booking-widget.js'))) {
    const files = (await readdir(dist))
      .filter((f) => /^booking-widget[\w-]*\.js$/.test(f))
      .sort((a, b) => (a === 'booking-widget.js' ? -1 : b === 'booking-widget.js' ? 1 : a.localeCompare(b)));
    const measured = new Map<string, Sizes>();
    for (const f of files) {
      const m = sizes(await readFile(join(dist, f)));
      measured.set(f, m);
      row(
        f,
        'raw / gzip / brotli',
        `${bytes(m.raw)} / ${bytes(m.gzip)} / ${bytes(m.brotli)}`,
        `${roleOf(f)}; ≤ ${bytes(TARGET_GZIP)} gzip: ${pass(m.gzip <= TARGET_GZIP)}`,
      );
    }
    // Before the calendar is interactive: the entry, the app and its static imports (from the
    // app build's manifest), and the largest language file (a page in another language).
    const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const statics = (key: string): string[] => [
      manifest[key]!.file,
      ...(manifest[key]!.imports ?? []).flatMap(statics),
    ];
    const first = ['booking-widget.js', ...new Set(statics('src/widget/app/mount.tsx'))];
    const language = Math.max(...files.filter((f) => /-(de|fr|es|ja|ar)-/.test(f)).map((f) => measured.get(f)!.gzip));
    const sum = (key: keyof Sizes) => first.reduce((n, f) => n + measured.get(f)![key], 0);
    ours = { raw: sum('raw'), gzip: sum('gzip') + language, brotli: sum('brotli') };
    row(
      'before the calendar is interactive',
      'raw / gzip / brotli',
      `${bytes(ours.raw)} / ${bytes(ours.gzip)} / ${bytes(ours.brotli)}`,
      `${first.length} files + the largest language (gzip); target ≤ ${bytes(TARGET_BEFORE_INTERACTIVE)}: ${pass(ours.gzip <= TARGET_BEFORE_INTERACTIVE)} (npm test budget ${bytes(TEST_BUDGET_BEFORE_INTERACTIVE)}: ${pass(ours.gzip <= TEST_BUDGET_BEFORE_INTERACTIVE)})`,
    );
    // A slot widget (issue 29): what a chosen day's times wait for beyond the calendar, on demand.
    const slot = 'src/widget/slot/index.tsx';
    if (manifest[slot]) {
      const later = [...new Set([...statics('src/widget/hold/index.ts'), ...statics(slot)])].filter(
        (f) => !first.includes(f),
      );
      const gz = later.reduce((n, f) => n + measured.get(f)!.gzip, 0);
      row(
        "a slot widget's times, after the calendar",
        'gzip',
        bytes(gz),
        `${later.join(', ')}: the hold's file (idle or first pick) and the slot list's, which only a slot widget loads`,
      );
    }
  } else {
    row('booking-widget.js', 'raw / gzip / brotli', 'not built', 'run npm run build');
  }

  // 2. Its parts.
  try {
    const { code, modules } = await widgetModules();
    const whole = sizes(code);
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
        if (part !== 'other')
          row(`part: ${PART_LABEL[part]}`, 'raw / gzip / brotli (alone)', '0 B', 'not in the bundle');
        continue;
      }
      const min = sizes(minifiedPart(g.code.join('\n')));
      row(
        `part: ${PART_LABEL[part]}`,
        'raw / gzip / brotli (alone)',
        `${bytes(min.raw)} / ${bytes(min.gzip)} / ${bytes(min.brotli)}`,
        `${g.count} module${g.count === 1 ? '' : 's'}, ${Math.round((100 * g.rendered) / renderedTotal)} % of the rendered code; ≈ ${bytes((whole.gzip * g.rendered) / renderedTotal)} of all files' gzip`,
      );
    }
    const biggest = [...modules]
      .map(([id, c]) => ({ id: id.replace(ROOT, '').replace(/^.*node_modules\//, ''), n: c.length }))
      .sort((a, b) => b.n - a.n)
      .slice(0, 8);
    notes.push(
      `Largest modules of the widget (rendered, before minification): ${biggest.map((m) => `${m.id} ${bytes(m.n)}`).join(', ')}.`,
    );
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
      const code = peer.file
        ? await readFile(join(where.root, 'node_modules', peer.name, peer.file))
        : await bundlePeer(where.root, peer.label, peer.entry!);
      const s = sizes(code);
      const versus = ours
        ? `; ours before interactive is ${((100 * ours.gzip) / s.gzip).toFixed(0)} % of its gzip`
        : '';
      const extra = peer.name === 'react-day-picker' ? ` (preact ${await version(where.root, 'preact')})` : '';
      row(
        `${peer.label} ${v}${extra}`,
        'raw / gzip / brotli',
        `${bytes(s.raw)} / ${bytes(s.gzip)} / ${bytes(s.brotli)}`,
        `${peer.note}${versus}`,
      );
    } catch (error) {
      row(peer.label, 'raw / gzip / brotli', 'not measured', why(error));
    }
  }
  notes.push(
    `Peers were installed with \`npm install --no-save --prefix ${dir}\` at bench time (latest versions in the registry). gzip is level 9, Brotli quality 11 (Node's zlib).`,
  );
  return { rows, notes };
}
