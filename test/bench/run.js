#!/usr/bin/env node
/**
 * `npm run bench` runs this file (after `npm run build`). Node 20 cannot run TypeScript, so the
 * bench (test/bench/*.ts and the service modules it starts) is compiled by tsc into
 * node_modules/.cache/bench first, then run. Options after `--` are passed on, e.g.
 * `npm run bench -- --only bytes,service` (sections: bytes, page, interaction, service, slots, slot-widget,
 * resources).
 *
 * A checkout whose node_modules is another's (a git worktree with it symlinked) compiles into its
 * own .scratch/bench-build (ignored by git) instead, so no other checkout's bench or cleanup
 * touches its JavaScript mid-run; BENCH_ROOT tells the bench which checkout it measures and writes
 * BENCHMARKS.md in (Node resolves symlinks, so compiled files under the shared node_modules would
 * name the other checkout).
 */
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const modules = realpathSync(`${root}node_modules`);
const shared = modules !== `${realpathSync(root)}/node_modules`;
const outDir = shared ? `${root}.scratch/bench-build` : `${root}node_modules/.cache/bench`;
process.env.BENCH_ROOT = root;
const started = Date.now();
const compiled = spawnSync(process.execPath, [tsc, '-p', 'test/bench/tsconfig.json', '--outDir', outDir], {
  cwd: root,
  encoding: 'utf8',
});
if (compiled.status !== 0) {
  // Type errors (for instance in code another engineer is still writing) do not stop the emit;
  // show them, then run what was emitted.
  process.stderr.write(
    `bench: tsc reported problems (running the emitted JavaScript anyway):\n${compiled.stdout}${compiled.stderr}\n`,
  );
}
process.env.BENCH_COMPILE_MS = String(Date.now() - started);
await import(pathToFileURL(`${outDir}/test/bench/run.js`).href);
