// The service's import rules (README, "Architecture"), checked on the source: imports run one way,
// routes → domain → queries → the database seam, with shared types below them all, and no import
// cycle anywhere under src/service, type-only imports included.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/service');
const SHARED = resolve(ROOT, '../shared');

/** The layers, lowest first: a module may import its own layer or a lower one, never a higher. */
const RANK = { shared: 0, db: 1, queries: 2, domain: 3, routes: 4, entry: 5 } as const;
type Layer = keyof typeof RANK;

/** The layer of a module, by its path under src/service (forward slashes). */
export function layerOf(path: string): Layer {
  const parts = path.split('/');
  const base = parts[parts.length - 1]!;
  if (parts.length === 1 || parts[0] === 'demo' || parts[0] === 'storefront') return 'entry';
  if (parts[0] === 'http' || parts[0] === 'middleware' || base === 'routes.ts' || base.endsWith('middleware.ts')) return 'routes';
  if (parts[0] === 'db') return 'db';
  if (parts[0] === 'shared' || base === 'types.ts') return 'shared';
  if (base === 'queries.ts' || base.endsWith('-queries.ts')) return 'queries';
  return 'domain';
}

/** Every relative import of a source text: `import`/`export … from`, `import type`, `import()`. */
export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const m of source.matchAll(pattern)) specifiers.push(m[1]!);
  return specifiers;
}

/** The edges that run the wrong way, as `from → to (layer → layer)`. */
export function wrongWay(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const wrong: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const a = layerOf(from);
      const b = layerOf(to);
      if (RANK[b] > RANK[a]) wrong.push(`${from} → ${to} (${a} → ${b})`);
    }
  }
  return wrong;
}

/** Every cycle's modules (strongly connected components of more than one module, or a self-import). */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The import graph of src/service (paths relative to it), and the imports that leave it. */
function serviceGraph(): { graph: Map<string, string[]>; outside: string[] } {
  const graph = new Map<string, string[]>();
  const outside: string[] = [];
  for (const file of sourceFiles(ROOT)) {
    const from = relative(ROOT, file).split('\\').join('/');
    const targets: string[] = [];
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), specifier);
      if (target.startsWith(ROOT + '/')) targets.push(relative(ROOT, target).split('\\').join('/'));
      else if (!target.startsWith(SHARED + '/')) outside.push(`${from} → ${specifier}`);
    }
    graph.set(from, targets);
  }
  return { graph, outside };
}

describe('the service architecture', () => {
  const { graph, outside } = serviceGraph();

  it('reads the whole service', () => {
    expect(graph.size).toBeGreaterThan(40);
    expect(graph.get('app.ts')).toContain('blackouts/routes.ts');
  });

  it('has no import cycle, type-only imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('imports one way: routes → domain → queries → db, shared below all', () => {
    expect(wrongWay(graph)).toEqual([]);
  });

  it('leaves src/service only for src/shared', () => {
    expect(outside).toEqual([]);
  });

  it('keeps SQL in query modules and the database seam', () => {
    const sql = /\b(SELECT|INSERT INTO|DELETE FROM|UPDATE [a-z_]+ SET)\b|\.query\s*(<|\()/;
    const elsewhere = [...graph.keys()].filter((path) => {
      const layer = layerOf(path);
      return layer !== 'queries' && layer !== 'db' && sql.test(readFileSync(join(ROOT, path), 'utf8'));
    });
    expect(elsewhere).toEqual([]);
  });

  it('gives every module an opening comment saying why it exists', () => {
    const bare = [...graph.keys()].filter((path) => !readFileSync(join(ROOT, path), 'utf8').trimStart().startsWith('/**'));
    expect(bare).toEqual([]);
  });

  it('keeps modules under 300 lines', () => {
    const long = [...graph.keys()].filter((path) => readFileSync(join(ROOT, path), 'utf8').split('\n').length > 300);
    expect(long).toEqual([]);
  });
});

// The checks must be able to fail: they are run on small graphs that break each rule.
describe('the architecture checks themselves', () => {
  it('find a cycle, type-only or not, and a self-import', () => {
    const graph = new Map([
      ['a/domain.ts', ['a/queries.ts']],
      ['a/queries.ts', ['b/types.ts']],
      ['b/types.ts', ['a/domain.ts']],
      ['c/self.ts', ['c/self.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a/domain.ts', 'a/queries.ts', 'b/types.ts'], ['c/self.ts']]);
    expect(importsOf(`import type { X } from './types.ts';\nexport { y } from '../y.ts';\nconst z = await import('./z.ts');`)).toEqual([
      './types.ts',
      '../y.ts',
      './z.ts',
    ]);
  });

  it('find queries importing domain or routes, and domain importing routes or http', () => {
    const graph = new Map([
      ['blackouts/queries.ts', ['blackouts/writes.ts', 'blackouts/routes.ts', 'db/types.ts']],
      ['blackouts/writes.ts', ['http/errors.ts', 'blackouts/queries.ts', 'shared/errors.ts']],
      ['reservations/hold-queries.ts', ['availability/types.ts']],
      ['shared/errors.ts', ['db/types.ts']],
      ['db/types.ts', ['app.ts']],
    ]);
    expect(wrongWay(graph)).toEqual([
      'blackouts/queries.ts → blackouts/writes.ts (queries → domain)',
      'blackouts/queries.ts → blackouts/routes.ts (queries → routes)',
      'blackouts/writes.ts → http/errors.ts (domain → routes)',
      'shared/errors.ts → db/types.ts (shared → db)',
      'db/types.ts → app.ts (db → entry)',
    ]);
  });
});
