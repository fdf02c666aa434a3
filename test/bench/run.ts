/**
 * The bench: each section in turn, each bounded in time and unable to crash the others (a
 * section that fails becomes a row saying why); then the table on stdout and BENCHMARKS.md.
 *
 *   npm run bench                         everything (builds first)
 *   npm run bench -- --only bytes,service one or more of: bytes, page, interaction, service, slots, slot-widget, resources
 *   npm run bench -- --no-write           print the table, leave BENCHMARKS.md alone
 * A run of some sections keeps the other sections' rows in BENCHMARKS.md from the run before.
 * Sections are described in their files; `resources` (resources-load.ts, issue 39) times holds and
 * a month of availability and of slots drawing on shared resources against the same without, and
 * as a pool grows from 1 to 16 members, on PGlite and on PostgreSQL.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { measureBytes } from './bytes.ts';
import { measureInteraction } from './interaction.ts';
import { measurePage } from './page-cost.ts';
import { table, writeReport } from './report.ts';
import { measureResources } from './resources-load.ts';
import { measureService } from './service-load.ts';
import { measureSlotWidget } from './slot-widget.ts';
import { measureSlots } from './slots-load.ts';
import { killChildren, log, ROOT, type Row, type SectionResult, why, within } from './util.ts';

const SECTIONS: ReadonlyArray<{ key: string; name: string; limitMs: number; run: () => Promise<SectionResult> }> = [
  { key: 'bytes', name: 'Bytes', limitMs: 6 * 60_000, run: measureBytes },
  { key: 'page', name: 'Page', limitMs: 8 * 60_000, run: measurePage },
  { key: 'interaction', name: 'Interaction', limitMs: 4 * 60_000, run: measureInteraction },
  { key: 'service', name: 'Service', limitMs: 10 * 60_000, run: measureService },
  { key: 'slots', name: 'Slots', limitMs: 6 * 60_000, run: measureSlots },
  { key: 'slot-widget', name: 'Slot widget', limitMs: 6 * 60_000, run: measureSlotWidget },
  // Two engines × (7 reads × 5 s + 5 races × 10 s + warm-ups) plus each engine's setup, and reads
  // too slow for rounds asked a few times each (up to 25 s, or once): 6 to 10 min.
  { key: 'resources', name: 'Resources', limitMs: 15 * 60_000, run: measureResources },
];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { only: { type: 'string' }, 'no-write': { type: 'boolean', default: false } },
  });
  const only = values.only?.split(',').map((s) => s.trim());
  const startedAt = new Date();
  // The commit the bench starts from (the build just before it used the same working tree).
  let commit = '?';
  try {
    commit = execFileSync('git', ['log', '-1', '--format=%h %s'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'public', 'vite.config.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    if (dirty) commit += ' (plus uncommitted changes under src/ or public/)';
  } catch {
    // not a git checkout
  }
  const rows: Row[] = [];
  const notes = new Map<string, string[]>();
  for (const section of SECTIONS) {
    if (only && !only.includes(section.key)) continue;
    const t0 = Date.now();
    log(`${section.name}…`);
    try {
      const result = await within(section.run(), section.limitMs, section.name);
      rows.push(...result.rows);
      notes.set(section.name, result.notes);
    } catch (error) {
      rows.push({ section: section.name, subject: '(section)', measure: '', value: 'failed', reference: why(error) });
      notes.set(section.name, [`The section failed: ${why(error)}`]);
    }
    log(`${section.name} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  // The launcher (run.js) measured tsc; the npm script's build ran before it and is not timed here.
  const seconds = (Date.now() - startedAt.getTime() + Number(process.env.BENCH_COMPILE_MS ?? 0)) / 1000;
  console.log(table(rows));
  console.log(`\n(${Math.round(seconds)} s after the build)`);
  if (!values['no-write']) {
    const command = only ? `npm run bench -- --only ${only.join(',')}` : 'npm run bench';
    await writeReport({ rows, notes, startedAt, seconds, command, commit, order: SECTIONS.map((s) => s.name) });
    log('wrote BENCHMARKS.md');
  }
}

process.on('exit', killChildren);
// A stray error event (a database connection dropped by the server) must not lose the whole run:
// the section it belongs to times out or reports it; the others still print.
process.on('uncaughtException', (error) => log(`uncaught: ${why(error)}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killChildren();
    process.exit(130);
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
