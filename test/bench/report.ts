/**
 * The bench's output: one Markdown table on stdout, and BENCHMARKS.md with the machine, the
 * date, the command, the same table and the notes of each section (with those of sections the
 * run left out kept from the file as it was).
 * @module
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT, type Row } from './util.ts';

/** What the bench ran on. */
export function machine(): string {
  let model = cpus()[0]?.model ?? '?';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) model = line.split(':')[1]!.trim();
  } catch {
    // not Linux: keep os.cpus()
  }
  let nproc = String(cpus().length);
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    // keep os.cpus()
  }
  let chromium = '?';
  try {
    chromium = execFileSync('/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // measured sections say so
  }
  const memory = `${(totalmem() / 2 ** 30).toFixed(1)} GiB`;
  return `nproc ${nproc}, CPU "${model}", memory ${memory}, Node ${process.version}, ${process.platform} ${process.arch}, ${chromium}`;
}

function escapeCell(cell: string): string {
  return cell.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/** The one table. */
export function table(rows: readonly Row[]): string {
  const lines = ['| Section | Subject | Measure | Value | Reference / target |', '|---|---|---|---|---|'];
  for (const r of rows)
    lines.push(`| ${[r.section, r.subject, r.measure, r.value, r.reference].map(escapeCell).join(' | ')} |`);
  return lines.join('\n');
}

/** What an earlier BENCHMARKS.md holds for the sections a run leaves out. */
interface Earlier {
  rows: string[];
  notes: Map<string, string>;
  /** How the earlier file says it was written: command, date, commit. */
  provenance: string;
}

/** The rows (table lines, as written) and notes of each section in `text`, an earlier BENCHMARKS.md. */
export function earlierReport(text: string): Earlier {
  const command = /^Written by `([^`]+)`/m.exec(text)?.[1] ?? 'npm run bench';
  const date = /^- Date: (\S+)/m.exec(text)?.[1] ?? '?';
  const commit = /^- Commit: (.*)$/m.exec(text)?.[1] ?? '?';
  const [head = '', tail = ''] = text.split(/^## Notes and methods$/m);
  const rows = head.split('\n').filter((line) => /^\| (?!Section \|)(?!---)/.test(line));
  const notes = new Map<string, string>();
  for (const block of tail.split(/^### /m).slice(1)) {
    const name = block.slice(0, block.indexOf('\n')).trim();
    notes.set(name, block.slice(block.indexOf('\n')).trim());
  }
  return { rows, notes, provenance: `\`${command}\` at ${date}, commit ${commit}` };
}

const sectionOf = (line: string) => /^\| ([^|]+?) \|/.exec(line)?.[1] ?? '';

/**
 * Writes BENCHMARKS.md. A run of some sections (`--only`) keeps the rows and notes of the others
 * from the file as it was, each kept section's notes saying which run they are from, so the file
 * always shows every section measured; rows are in `order` (the sections' names in run order).
 */
export async function writeReport(input: {
  rows: Row[];
  notes: Map<string, string[]>;
  startedAt: Date;
  seconds: number;
  command: string;
  commit: string;
  order?: readonly string[];
}): Promise<string> {
  const path = join(ROOT, 'BENCHMARKS.md');
  let earlier: Earlier = { rows: [], notes: new Map(), provenance: '' };
  try {
    earlier = earlierReport(await readFile(path, 'utf8'));
  } catch {
    // no earlier file
  }
  const ran = new Set([...input.notes.keys(), ...input.rows.map((r) => r.section)]);
  const kept = earlier.rows.filter((line) => !ran.has(sectionOf(line)));
  const keptSections = [...new Set(kept.map(sectionOf))];
  const rank = (section: string) => {
    const i = input.order?.indexOf(section) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const lines = [...kept, ...table(input.rows).split('\n').slice(2)]
    .map((line, i) => ({ line, i, rank: rank(sectionOf(line)) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.line);
  const sections: Array<{ name: string; text: string }> = [];
  for (const [name, notes] of input.notes) {
    if (notes.length === 0) continue;
    sections.push({ name, text: `### ${name}\n\n${notes.map((n) => `- ${n}`).join('\n')}` });
  }
  for (const [name, text] of earlier.notes) {
    if (ran.has(name)) continue;
    const from = text.startsWith('- From an earlier run:') ? '' : `- From an earlier run: ${earlier.provenance}.\n`;
    sections.push({ name, text: `### ${name}\n\n${from}${text}` });
  }
  sections.sort((a, b) => rank(a.name) - rank(b.name));
  const keptNote =
    keptSections.length > 0
      ? `\n\nThe rows of ${keptSections.join(', ')} were not measured by this run: they are kept from an earlier one (see their notes).`
      : '';
  const text = `# Benchmarks

Written by \`${input.command}\` (test/bench/run.ts); do not edit by hand.${keptNote}

- Date: ${input.startedAt.toISOString()} (the bench took ${Math.round(input.seconds)} s after \`npm run build\`)
- Commit: ${input.commit}
- Machine: ${machine()}
- Figures are **medians of one run** (p99 where named) on a shared 2-core machine with other
  work running: compare rows of the same run with each other, not with another run.

${['| Section | Subject | Measure | Value | Reference / target |', '|---|---|---|---|---|', ...lines].join('\n')}

## Notes and methods

${sections.map((s) => s.text).join('\n\n')}
`;
  await writeFile(path, text);
  return text;
}
