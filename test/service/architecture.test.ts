// The tree's import rules (ARCHITECTURE.md), checked on the graph dependency-cruiser reads from
// the source (type-only imports included): no import cycle anywhere under src; each part
// imports only what it may (the admin and the widget share code only through src/shared); in the
// service, imports run one way, routes → domain → queries → the database seam, with shared
// types below them all, and a feature reaches another only through a seam declared below.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const ROOT = join(REPO, 'src/service');

/** The layers, lowest first: a module may import its own layer or a lower one, never a higher. */
const RANK = { shared: 0, db: 1, queries: 2, domain: 3, routes: 4, entry: 5 } as const;
type Layer = keyof typeof RANK;

/** The layer of a module, by its path under src/service (forward slashes). */
function layerOf(path: string): Layer {
  const parts = path.split('/');
  const base = parts[parts.length - 1]!;
  if (parts.length === 1 || parts[0] === 'demo' || parts[0] === 'storefront') return 'entry';
  if (
    parts[0] === 'http' ||
    parts[0] === 'middleware' ||
    base === 'routes.ts' ||
    base.endsWith('-routes.ts') ||
    base.endsWith('middleware.ts')
  )
    return 'routes';
  if (parts[0] === 'db') return 'db';
  if (parts[0] === 'shared' || base === 'types.ts') return 'shared';
  if (base === 'queries.ts' || base.endsWith('-queries.ts')) return 'queries';
  return 'domain';
}

/**
 * What each part of src may import besides itself (and packages): the parts meet only through
 * src/shared and the client's public code.
 */
const PART_RULES: IForbiddenRuleType[] = [
  { name: 'no-circular', severity: 'error', from: { path: '^src/' }, to: { circular: true } },
  {
    name: 'shared-alone',
    severity: 'error',
    from: { path: '^src/shared/' },
    to: { path: '^src/', pathNot: '^src/shared/' },
  },
  {
    name: 'client-alone',
    severity: 'error',
    from: { path: '^src/client/' },
    to: { path: '^src/', pathNot: '^src/(client|shared)/' },
  },
  {
    name: 'widget-own',
    severity: 'error',
    from: { path: '^src/widget/' },
    to: { path: '^src/', pathNot: '^src/(widget|client|shared)/' },
  },
  {
    name: 'admin-own',
    severity: 'error',
    from: { path: '^src/admin/' },
    to: { path: '^src/', pathNot: '^src/(admin|client|shared)/' },
  },
  {
    name: 'service-own',
    severity: 'error',
    from: { path: '^src/service/' },
    to: { path: '^src/', pathNot: '^src/(service|shared)/' },
  },
];

/**
 * The seams between the service's features: `feature: modules of other features it may import`
 * (paths under src/service; a trailing `*` takes a folder). Anything else is a new coupling to
 * declare here, with its reason, or to pass in through app.ts (as the token, session and
 * app-proxy strategies are: tokens/ imports neither admin/ nor shopify/).
 */
const SEAMS: Record<string, string[]> = {
  // Who is calling and may they: every feature's routes and rules read the auth context.
  '*': ['tokens/types.ts', 'tokens/scopes.ts'],
  // Stock is one engine: holds and bookings judge by availability's rules and blackouts' targets.
  // Times of day (slots/) are judged by the same engine's rules and the same blackouts.
  reservations: ['availability/*', 'blackouts/target-queries.ts', 'slots/*'],
  bookings: ['availability/*', 'slots/*'],
  availability: ['blackouts/target-queries.ts', 'slots/*'],
  slots: ['availability/*', 'blackouts/target-queries.ts', 'shops/data-version.ts'],
  // An order line becomes a booking through the bookings feature; a shop's Shopify fields are the shop's;
  // its answers are read against the product's questions.
  shopify: ['bookings/*', 'shops/input.ts', 'questions/queries.ts'],
  // A shop is made with its first token, sign-in code, blackouts' days and widgets' settings rules;
  // a fixture's resources and requirements are checked and written as the API does (issue 39).
  shops: [
    'tokens/tokens.ts',
    'tokens/manage.ts',
    'admin/sessions.ts',
    'blackouts/times.ts',
    'widgets/settings-rules.ts',
    'slots/schedule-schema.ts',
    'resources/hours.ts',
    'catalog/requirements.ts',
    'catalog/requirement-queries.ts',
  ],
  // A customer's bookings are the bookings feature's records, listed by its query.
  customers: ['bookings/*'],
  // A variant's schedule is read and checked as slots define it; its misfits are listed with it.
  catalog: ['slots/schedule-schema.ts', 'slots/misfits.ts'],
  // A resource's hours are a schedule's hours: the same form, the same checks (issue 39).
  resources: ['slots/schedule-schema.ts', 'slots/schedule-rules.ts'],
  // Cached lists and tokens check the shop's data version.
  blackouts: ['shops/data-version.ts'],
  tokens: ['shops/data-version.ts'],
  // The admin's session stands for a member of staff (staff/), with a secret token's scopes;
  // sign-in attempts are limited in the shared buckets, and recorded in the audit log; a password
  // reset link goes out through the mail server the messages use.
  admin: [
    'tokens/*',
    'staff/*',
    'limits/buckets.ts',
    'audit/queries.ts',
    'messages/mail-settings.ts',
    'messages/compose.ts',
  ],
  // Staff endpoints are the admin's: its session, its cookie, its own-page rule, its sign-in log.
  staff: ['admin/routes.ts', 'admin/session-middleware.ts', 'admin/sessions.ts', 'admin/sign-in-log.ts'],
  // The manage link's page cancels through the bookings feature, records it in the audit log and
  // speaks as the messages do; the messages carry its link.
  manage: ['bookings/manage.ts', 'audit/queries.ts', 'messages/render.ts', 'messages/strings.ts', 'messages/when.ts'],
  messages: ['manage/link.ts'],
};

/** The service's folders that are no feature: the HTTP layer, the seam to the database, shared code. */
const NOT_FEATURES = new Set(['http', 'middleware', 'db', 'shared', 'time', 'demo', 'storefront']);

/** The imports from one feature into another that no seam declares. */
function undeclaredSeams(
  graph: ReadonlyMap<string, readonly string[]>,
  seams: Record<string, string[]> = SEAMS,
): string[] {
  const featureOf = (path: string) =>
    path.includes('/') && !NOT_FEATURES.has(path.split('/')[0]!) ? path.split('/')[0]! : undefined;
  const allowed = (from: string, to: string) =>
    [...(seams['*'] ?? []), ...(seams[from] ?? [])].some((seam) =>
      seam.endsWith('*') ? to.startsWith(seam.slice(0, -1)) : to === seam,
    );
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const a = featureOf(from);
    for (const to of targets) {
      const b = featureOf(to);
      if (a && b && a !== b && !allowed(a, to)) found.push(`${from} → ${to}`);
    }
  }
  return found;
}

/** The edges that run the wrong way, as `from → to (layer → layer)`. */
function wrongWay(graph: ReadonlyMap<string, readonly string[]>): string[] {
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

interface Cruised {
  /** src/service's import graph (paths relative to it). */
  graph: Map<string, string[]>;
  /** Every broken part rule, as `rule: from → to`. */
  violations: string[];
  modules: number;
}

/** Reads src with dependency-cruiser once. */
async function cruiseSource(): Promise<Cruised> {
  const result = await cruise(['src'], {
    baseDir: REPO,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    ruleSet: { forbidden: PART_RULES },
    validate: true,
  });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a graph');
  const { modules, summary } = result.output;
  const graph = new Map<string, string[]>();
  for (const m of modules) {
    if (!m.source.startsWith('src/service/')) continue;
    const from = m.source.slice('src/service/'.length);
    graph.set(
      from,
      m.dependencies
        .filter((d) => d.resolved.startsWith('src/service/'))
        .map((d) => d.resolved.slice('src/service/'.length)),
    );
  }
  const violations = summary.violations.map(
    (v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(' → ')})` : ''}`,
  );
  return { graph, violations, modules: modules.length };
}

describe('the architecture of src', () => {
  let cruised: Cruised;
  beforeAll(async () => {
    cruised = await cruiseSource();
  }, 60_000);

  it('reads the whole tree', () => {
    expect(cruised.modules).toBeGreaterThan(200);
    expect(cruised.graph.get('app.ts')).toContain('blackouts/routes.ts');
  });

  it('has no import cycle anywhere, type-only imports included, and each part imports only what it may', () => {
    expect(cruised.violations).toEqual([]);
  });

  it('imports one way in the service: routes → domain → queries → db, shared below all', () => {
    expect(wrongWay(cruised.graph)).toEqual([]);
  });

  it('reaches another feature of the service only through a declared seam', () => {
    expect(undeclaredSeams(cruised.graph)).toEqual([]);
  });

  it('keeps SQL in query modules and the database seam', () => {
    const sql = /\b(SELECT|INSERT INTO|DELETE FROM|UPDATE [a-z_]+ SET)\b|\.query\s*(<|\()/;
    const elsewhere = [...cruised.graph.keys()].filter((path) => {
      const layer = layerOf(path);
      return layer !== 'queries' && layer !== 'db' && sql.test(readFileSync(join(ROOT, path), 'utf8'));
    });
    expect(elsewhere).toEqual([]);
  });

  it('gives every service module an opening comment saying why it exists', () => {
    const bare = [...cruised.graph.keys()].filter(
      (path) => !readFileSync(join(ROOT, path), 'utf8').trimStart().startsWith('/**'),
    );
    expect(bare).toEqual([]);
  });

  it('keeps service modules under 300 lines', () => {
    const long = [...cruised.graph.keys()].filter(
      (path) => readFileSync(join(ROOT, path), 'utf8').split('\n').length > 300,
    );
    expect(long).toEqual([]);
  });
});

// The checks must be able to fail: they are run on small graphs that break each rule.
describe('the architecture checks themselves', () => {
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

  it('find a feature reaching into another without a declared seam, and allow a declared one', () => {
    const graph = new Map([
      ['tokens/auth-middleware.ts', ['admin/sessions.ts', 'http/env.ts', 'tokens/types.ts']],
      ['bookings/bookings.ts', ['availability/engine.ts', 'tokens/types.ts']],
    ]);
    expect(undeclaredSeams(graph, { '*': ['tokens/types.ts'], bookings: ['availability/*'] })).toEqual([
      'tokens/auth-middleware.ts → admin/sessions.ts',
    ]);
  });

  it('dependency-cruiser finds a cycle, type-only included, and an import across parts', async () => {
    const result = await cruise(['test/service/fixtures/architecture'], {
      baseDir: REPO,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
      ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
      validate: true,
    });
    if (typeof result.output === 'string') throw new Error('text output');
    expect(result.output.summary.violations.map((v) => v.rule.name)).toContain('no-circular');
  }, 60_000);
});
