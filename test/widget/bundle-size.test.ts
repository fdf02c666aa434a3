// @vitest-environment node
/**
 * The widget's byte budget (issue 5): `dist/booking-widget.js`, built exactly as `npm run build`
 * builds it, must stay within 14,000 bytes gzipped. Built into a temporary folder, so the check
 * needs no earlier build and leaves `dist/` alone.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { expect, it } from 'vitest';

const BUDGET = 14_000;

it(`builds booking-widget.js as one IIFE file of at most ${BUDGET} bytes gzipped`, async () => {
  const outDir = await mkdtemp(join(tmpdir(), 'widget-size-'));
  // Vitest runs with NODE_ENV=test, which makes Vite build the JSX development runtime.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: 'vite.config.ts', mode: 'production', logLevel: 'silent', publicDir: false, build: { outDir, emptyOutDir: true } });
    const code = await readFile(join(outDir, 'booking-widget.js'));
    const gzipped = gzipSync(code, { level: 9 }).length;
    console.log(`booking-widget.js: ${code.length} bytes, ${gzipped} bytes gzipped (budget ${BUDGET})`);
    // Self-contained: no module syntax, no second chunk to fetch, no eval.
    expect(code.toString()).not.toMatch(/\bimport\s*\(|^import |\beval\(|new Function\(/m);
    expect(gzipped).toBeLessThanOrEqual(BUDGET);
  } finally {
    process.env.NODE_ENV = nodeEnv;
    await rm(outDir, { recursive: true, force: true });
  }
});
