/**
 * Builds the client as a merchant would install it: `node_modules/booking-widget` in a fresh
 * folder outside the repository, with the repository's package.json (its exports map) and
 * dist/shared + dist/client compiled by tsc from the repository's build config. Only client and
 * shared are compiled, so work in progress elsewhere (src/service) cannot break this build.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');

/** Runs tsc with `config`, failing with its own output. */
function tsc(config: string): void {
  try {
    execFileSync(process.execPath, [TSC, '-p', config], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc -p ${config} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** A merchant's project folder with booking-widget installed; returns its path. */
export function buildMerchantProject(): string {
  const project = mkdtempSync(join(tmpdir(), 'booking-merchant-'));
  const pkg = join(project, 'node_modules/booking-widget');
  mkdirSync(pkg, { recursive: true });
  copyFileSync(join(REPO, 'package.json'), join(pkg, 'package.json'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'merchant', type: 'module', private: true }));
  // `types: []` leaves out @types/node: the client must compile with the DOM lib alone,
  // which proves it uses no Node-only API.
  writeFileSync(
    join(project, 'tsconfig.build.json'),
    JSON.stringify({
      extends: join(REPO, 'src/tsconfig.build.json'),
      compilerOptions: { rootDir: join(REPO, 'src'), outDir: join(pkg, 'dist'), types: [] },
      include: [join(REPO, 'src/shared'), join(REPO, 'src/client')],
    }),
  );
  tsc(join(project, 'tsconfig.build.json'));
  return project;
}

/** Type-checks `source` as a merchant's TypeScript file that imports 'booking-widget/client'. */
export function typecheckMerchantFile(project: string, source: string): void {
  writeFileSync(join(project, 'merchant.ts'), source);
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        strict: true,
        noEmit: true,
        types: [],
      },
      files: ['merchant.ts'],
    }),
  );
  tsc(join(project, 'tsconfig.json'));
}
