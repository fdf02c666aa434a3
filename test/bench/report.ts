/**
 * The bench's output: one Markdown table on stdout, and BENCHMARKS.md with the machine, the
 * date, the command, the same table and the notes of each section.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
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

/** Writes BENCHMARKS.md. */
export async function writeReport(input: {
  rows: Row[];
  notes: Map<string, string[]>;
  startedAt: Date;
  seconds: number;
  command: string;
  commit: string;
}): Promise<string> {
  const sections: string[] = [];
  for (const [name, notes] of input.notes) {
    if (notes.length === 0) continue;
    sections.push(`### ${name}\n\n${notes.map((n) => `- ${n}`).join('\n')}`);
  }
  const text = `# Benchmarks

Written by \`${input.command}\` (test/bench/run.ts); do not edit by hand.

- Date: ${input.startedAt.toISOString()} (the bench took ${Math.round(input.seconds)} s after \`npm run build\`)
- Commit: ${input.commit}
- Machine: ${machine()}
- Figures are **medians of one run** (p99 where named) on a shared 2-core machine with other
  work running: compare rows of the same run with each other, not with another run.

${table(input.rows)}

## Notes and methods

${sections.join('\n\n')}
`;
  await writeFile(join(ROOT, 'BENCHMARKS.md'), text);
  return text;
}
