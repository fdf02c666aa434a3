/**
 * `npm start` (src/service/start.ts, built as the CLI suites build it) prints the merchant
 * admin's one-time sign-in link for the demo shop: it signs in once, then says it is used.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { buildCli } from '../../helpers/cli-process.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

it('npm start prints a one-time admin link that signs the demo shop in once', { timeout: 120_000 }, async () => {
  const start = join(buildCli(), '../start.js');
  const child = spawn(
    process.execPath,
    [start, '--port', '0', '--data', 'memory', '--fixture', join(ROOT, 'src/service/demo/demo-fixture.json')],
    { env: { ...process.env, DATABASE_URL: '' } },
  );
  try {
    const link = await new Promise<string>((done, fail) => {
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        const m = /Merchant admin\s+(http:\/\/\S+\/admin\/sign-in\/\S+)/.exec(line);
        if (m) done(m[1]!);
      });
      child.on('close', (code) => fail(new Error(`start ended (${code}) without printing the admin link`)));
    });
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/admin/');
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^bw_admin=/);
    const base = new URL(link).origin;
    expect((await fetch(`${base}/v1/bookings`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(410);
  } finally {
    child.kill('SIGTERM');
  }
});
