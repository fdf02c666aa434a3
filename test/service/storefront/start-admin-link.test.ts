/**
 * `npm start` (src/service/start.ts, built as the CLI suites build it) prints the merchant
 * admin's one-time sign-in link for the demo shop: it signs in once, then says it is used; and
 * the links of both demo product pages, the kayak's and the guided paddle tour's; and that
 * booking messages are kept for the admin's Messages screen while no mail server is set.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { buildCli } from '../../helpers/cli-process.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

it('npm start prints a one-time admin link that signs the demo shop in once, and both demo pages’ links', {
  timeout: 120_000,
}, async () => {
  const start = join(buildCli(), '../start.js');
  const child = spawn(
    process.execPath,
    [start, '--port', '0', '--data', 'memory', '--fixture', join(ROOT, 'src/service/demo/demo-fixture.json')],
    { env: { ...process.env, DATABASE_URL: '' } },
  );
  try {
    const printed = await new Promise<string>((done, fail) => {
      const lines = createInterface({ input: child.stdout });
      const seen: string[] = [];
      lines.on('line', (line) => {
        seen.push(line);
        if (line.startsWith('Press Ctrl-C')) done(seen.join('\n'));
      });
      child.on('close', (code) => fail(new Error(`start ended (${code}) without printing the admin link`)));
    });
    const link = /Merchant admin\s+(http:\/\/\S+\/admin\/sign-in\/\S+)/.exec(printed)![1]!;
    // Both demo pages: the kayak's (by the day) and the guided tour's (times of day).
    // (pages.test.ts: what those paths serve; this build has no public/ beside it.)
    const base = new URL(link).origin;
    expect(printed).toMatch(new RegExp(`Product page \\(Shopify-like\\)\\s+${base}/\\s`));
    expect(printed).toMatch(new RegExp(`Tour page \\(times of day\\)\\s+${base}/products/guided-paddle-tour\\s`));
    // Without SMTP_URL, booking messages are kept for the admin (issue 31), and it says so.
    expect(printed).toMatch(
      /Mail\s+no mail server \(SMTP_URL\): messages are not sent, the admin's Messages screen shows them/,
    );
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    // The demo's owner is made by this first use, with no address or password yet: their account comes first.
    expect(first.headers.get('location')).toBe('/admin/#/staff');
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^bw_admin=/);
    expect((await fetch(`${base}/v1/bookings`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(410);
  } finally {
    child.kill('SIGTERM');
  }
});
