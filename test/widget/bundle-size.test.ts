// @vitest-environment node
/**
 * The widget's byte budgets (issue 13), on the files `npm run build` builds, built here into a
 * temporary folder (no earlier build needed, `dist/` left alone):
 * - every file at most 10,000 B gzipped: Shopify's limit per JavaScript file of an app;
 * - everything loaded before the calendar is interactive (the entry, the app and every file it
 *   imports, and the largest language file for a page in another language): see the budget.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { expect, it } from 'vitest';
import { BEFORE_INTERACTIVE, PER_FILE } from './byte-budgets.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

it(`builds a classic-script entry and ES files of at most ${PER_FILE} B gzipped each, ${BEFORE_INTERACTIVE} B before the calendar is interactive`, async () => {
  const outDir = await mkdtemp(join(tmpdir(), 'widget-size-'));
  // Vitest runs with NODE_ENV=test, which makes Vite build the JSX development runtime.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const mode of ['production', 'entry']) {
      await build({ configFile: 'vite.config.ts', mode, logLevel: 'silent', build: { outDir, emptyOutDir: false } });
    }
    const files = (await readdir(outDir)).filter((f) => f.endsWith('.js'));
    const gz: Record<string, number> = {};
    for (const f of files) {
      const code = await readFile(join(outDir, f));
      gz[f] = gzipSync(code, { level: 9 }).length;
      // No eval, no inline-style strings a strict CSP would block.
      expect(code.toString(), f).not.toMatch(/\beval\(|new Function\(/);
    }
    const entry = (await readFile(join(outDir, 'booking-widget.js'))).toString();
    // A classic script: no static import or export a plain <script> tag could not run.
    expect(entry).not.toMatch(/^(import|export)\s/m);

    const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const statics = (key: string): string[] => [
      manifest[key]!.file,
      ...(manifest[key]!.imports ?? []).flatMap(statics),
    ];
    const app = [...new Set(statics('src/widget/app/mount.tsx'))];
    const languages = Object.entries(manifest)
      .filter(([k]) => k.startsWith('src/widget/locales/'))
      .map(([, c]) => c.file);
    const largestLanguage = Math.max(...languages.map((f) => gz[f]!));
    const beforeInteractive = gz['booking-widget.js']! + app.reduce((n, f) => n + gz[f]!, 0) + largestLanguage;

    console.log(
      `widget files (gzip): ${files.map((f) => `${f} ${gz[f]}`).join(', ')}; before interactive ${beforeInteractive} (budget ${BEFORE_INTERACTIVE})`,
    );
    expect(languages).toHaveLength(5);
    // The hold's code is not among what the calendar waits for.
    expect(app.some((f) => /hold/.test(f))).toBe(false);
    // Ticket types and a shopper's choice (issue 39): a file the hold's file imports on demand
    // (only for a product the widget record says needs it), and that nothing imports statically.
    const resources = manifest['src/widget/resources/index.tsx']!;
    expect(manifest['src/widget/hold/index.ts']!.dynamicImports).toContain('src/widget/resources/index.tsx');
    for (const chunk of Object.values(manifest))
      expect(chunk.imports ?? []).not.toContain('src/widget/resources/index.tsx');
    expect(app).not.toContain(resources.file);
    for (const f of files) expect(gz[f], f).toBeLessThanOrEqual(PER_FILE);
    expect(beforeInteractive).toBeLessThanOrEqual(BEFORE_INTERACTIVE);
  } finally {
    process.env.NODE_ENV = nodeEnv;
    await rm(outDir, { recursive: true, force: true });
  }
});
