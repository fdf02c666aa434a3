// A shop with no fixture (issue 18, point 3), through the real CLI process: `--create-shop`
// makes the shop and its first secret token, prints the token once and a one-time admin link,
// and refuses a name already taken; on an empty database the service says how to make a shop.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, tempDir } from '../helpers/cli-process.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts the CLI and resolves to its first `count` lines of output (it keeps running). */
function start(
  cli: string,
  args: string[],
  count: number,
): Promise<{ lines: string[]; child: ChildProcessWithoutNullStreams; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [cli, '--port', '0', ...args], {
    env: { ...process.env, DATABASE_URL: '', PUBLIC_URL: '' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  return new Promise((done, fail) => {
    const lines: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (lines.length === count) done({ lines, child, exited });
    });
    void exited.then((code) => fail(new Error(`the CLI ended (${code}) after ${JSON.stringify(lines)}: ${stderr}`)));
  });
}

/** Runs the CLI to its end. */
function runToEnd(cli: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, '--port', '0', ...args], { env: { ...process.env, DATABASE_URL: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('npm run service -- --create-shop', () => {
  let cli: string;
  beforeAll(() => {
    cli = buildCli();
  }, 120_000);

  it('on an empty database with no fixture, says after its URL how to create a shop', async () => {
    const running = await start(cli, ['--data', 'memory'], 2);
    try {
      expect(running.lines[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(running.lines[1]).toContain(
        'No shop yet: stop and run  npm run service -- --create-shop "Your shop" --tz Europe/Berlin',
      );
    } finally {
      running.child.kill('SIGTERM');
    }
    expect(await running.exited).toBe(0);
  });

  it('creates the shop with a secret token and a one-time admin link that both work, and refuses the same name on the next run', async () => {
    const data = tempDir('create-shop');
    dirs.push(data);
    const running = await start(
      cli,
      ['--data', data, '--create-shop', 'Werkstatt Berlin', '--tz', 'europe/berlin', '--locale', 'de'],
      4,
    );
    try {
      const [url, made, tokenLine, linkLine] = running.lines as [string, string, string, string];
      expect(made).toBe('Shop "Werkstatt Berlin" created (Europe/Berlin, de).');
      const token = /(sk_live_[A-Za-z0-9_-]{43})/.exec(tokenLine)![1]!;
      const shop = await fetch(`${url}/v1/shop`, { headers: { authorization: `Bearer ${token}` } });
      expect(await shop.json()).toMatchObject({
        name: 'Werkstatt Berlin',
        tz: 'Europe/Berlin',
        locale: 'de',
        shopify: { domain: null, api_secret_set: false },
      });
      const link = /(http\S+\/admin\/sign-in\/\S+)/.exec(linkLine)![1]!;
      expect(link.startsWith(`${url}/admin/sign-in/`)).toBe(true);
      const signedIn = await fetch(link, { redirect: 'manual' });
      expect(signedIn.status).toBe(303);
      const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
      expect((await fetch(`${url}/v1/shop`, { headers: { cookie } })).status).toBe(200);
      expect((await fetch(link, { redirect: 'manual' })).status).toBe(410);
    } finally {
      running.child.kill('SIGTERM');
    }
    expect(await running.exited).toBe(0);

    const again = await runToEnd(cli, ['--data', data, '--create-shop', 'Werkstatt Berlin', '--tz', 'Europe/Berlin']);
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(again.stderr.trim()).toBe('A shop named "Werkstatt Berlin" exists already: nothing was created.');

    // Issue 38 point 3: the owner who never set a password gets back in with a fresh link.
    const back = await start(cli, ['--data', data, '--owner-link', 'Werkstatt Berlin'], 2);
    try {
      const [url, line] = back.lines as [string, string];
      expect(line).toMatch(
        /^Owner of "Werkstatt Berlin" {2}http\S+\/admin\/sign-in\/\S+ {2}\(one-time link, 10 minutes/,
      );
      const fresh = /(http\S+\/admin\/sign-in\/\S+)/.exec(line)![1]!;
      expect(fresh.startsWith(`${url}/admin/sign-in/`)).toBe(true);
      expect((await fetch(fresh, { redirect: 'manual' })).status).toBe(303);
    } finally {
      back.child.kill('SIGTERM');
    }
    expect(await back.exited).toBe(0);
    const unknown = await runToEnd(cli, ['--data', data, '--owner-link', 'Werkstatt Bonn']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr.trim()).toBe('No shop is named "Werkstatt Bonn". The shops are: "Werkstatt Berlin".');
  }, 120_000);

  it('refuses a missing or unknown zone and a bad locale before listening, naming each option', async () => {
    const [noZone, badZone, stray] = await Promise.all([
      runToEnd(cli, ['--data', 'memory', '--create-shop', 'Shop']),
      runToEnd(cli, ['--data', 'memory', '--create-shop', 'Shop', '--tz', 'Mars/Olympus', '--locale', 'not a tag']),
      runToEnd(cli, ['--data', 'memory', '--tz', 'Europe/Berlin']),
    ]);
    expect(noZone).toMatchObject({ code: 1, stdout: '' });
    expect(noZone.stderr.trim()).toBe('Cannot create the shop: --tz is required (an IANA zone, like Europe/Berlin).');
    expect(badZone.stderr.trim()).toBe(
      'Cannot create the shop: --tz must be an IANA time zone, like Europe/Berlin; --locale must be a language tag like "en" or "de-CH".',
    );
    expect(stray).toMatchObject({ code: 1, stdout: '' });
    expect(stray.stderr).toContain('--tz and --locale go with --create-shop');
  });
});
