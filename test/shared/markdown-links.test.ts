// Every relative link in every Markdown page of the repository leads somewhere: the file exists
// and, when the link names a heading (`#anchor`), the page has that heading (GitHub's slugs).
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', 'test-results', '.git', '.data', '.shop']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? markdownFiles(path) : entry.name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n === 0 ? base : `${base}-${n}`);
  }
  return result;
}

/** The relative links of a page (outside code), with their line numbers. */
function links(file: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  let fenced = false;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (/^\s*```/.test(text)) fenced = !fenced;
      if (fenced) return;
      const outsideCode = text.replace(/`[^`]*`/g, '');
      for (const m of outsideCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = m[1]!;
        if (!/^[a-z][a-z+.-]*:/i.test(target)) found.push({ target, line: i + 1 });
      }
    });
  return found;
}

it('every relative link in every Markdown page leads to a file that exists, and to a heading it has', () => {
  const files = markdownFiles(ROOT);
  expect(files.length).toBeGreaterThan(5);
  const broken: string[] = [];
  for (const file of files) {
    for (const { target, line } of links(file)) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const to = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
      const where = `${relative(ROOT, file)}:${line} → ${target}`;
      if (!existsSync(to)) {
        broken.push(`${where} (no such file)`);
        continue;
      }
      if (anchor && statSync(to).isFile() && to.endsWith('.md') && !anchors(to).has(anchor))
        broken.push(`${where} (no such heading)`);
    }
  }
  expect(broken).toEqual([]);
});
