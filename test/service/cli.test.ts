// The service as users start it (API.md §8): the built CLI as a child process, on a real socket.
// This is the suite's one real-socket test; everything else runs in-process.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, type RunningCli, startCli, tempDir } from '../helpers/cli-process.ts';
import { testFixture } from '../helpers/fixture.ts';

const fixtureDirs: string[] = [];
afterAll(() => {
  for (const dir of fixtureDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fixture file in a fresh temporary folder (removed after the suite). */
function fixtureFile(content: unknown): string {
  const dir = join(tmpdir(), `booking-cli-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  fixtureDirs.push(dir);
  const file = join(dir, 'fixture.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

/** Runs the CLI to its end and resolves to its exit code and output. */
function runToEnd(cli: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('npm run service (the CLI)', () => {
  let cli: string;
  beforeAll(() => {
    cli = buildCli();
  }, 120_000);

  it('prints its URL as the first line, serves GET /v1/widgets over a real socket with a Date, and exits 0 on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [cli, '--port', '0', '--data', 'memory', '--fixture', fixtureFile(testFixture)],
      {
        env: { ...process.env, DATABASE_URL: '' },
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    try {
      const firstLine = await new Promise<string>((done, fail) => {
        const lines = createInterface({ input: child.stdout });
        lines.once('line', done);
        child.once('close', () => fail(new Error(`the CLI ended before printing its URL: ${stderr}`)));
      });
      expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(firstLine).not.toMatch(/:0$/);

      const response = await fetch(`${firstLine}/v1/widgets`, { headers: { authorization: 'Bearer sk_test_harbour' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('date')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(Math.abs(Date.parse(response.headers.get('date')!) - Date.now())).toBeLessThan(60_000);
      expect(response.headers.get('x-total-count')).toBe('2');
      const widgets = (await response.json()) as { title: string; tz: string }[];
      expect(widgets.map((w) => [w.title, w.tz])).toEqual([
        ['Kayak hire', 'Australia/Melbourne'],
        ['Sunset tour', 'Australia/Melbourne'],
      ]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('refuses a bad fixture with a message naming the place, and exit code 1, before listening', async () => {
    const bad = structuredClone(testFixture);
    bad.shops[0]!.blackouts[0] = { ...bad.shops[0]!.blackouts[0]!, location: 'Nowhere' } as never;
    const notJson = fixtureFile('{ "shops": [ ');
    const [invalid, broken, missing] = await Promise.all([
      runToEnd(cli, ['--port', '0', '--data', 'memory', '--fixture', fixtureFile(bad)]),
      runToEnd(cli, ['--port', '0', '--data', 'memory', '--fixture', notJson]),
      runToEnd(cli, ['--port', '0', '--data', 'memory', '--fixture', '/nonexistent/fixture.json']),
    ]);
    expect(invalid).toMatchObject({ code: 1, stdout: '' });
    expect(invalid.stderr.trim()).toBe(
      'The fixture is not valid: shop Harbour Kayaks, blackouts[0]: unknown location Nowhere',
    );
    expect(broken).toMatchObject({ code: 1, stdout: '' });
    expect(broken.stderr).toContain(`The fixture ${notJson} is not JSON`);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('Cannot read the fixture /nonexistent/fixture.json');
  });
});

describe('npm run service on the same data folder again (issue 15, point 6)', () => {
  let cli: string;
  beforeAll(() => {
    cli = buildCli();
  }, 120_000);

  it('seeds a new database only: a blackout deleted and one renamed through the API neither come back nor double', async () => {
    const data = tempDir('cli-data');
    fixtureDirs.push(data);
    const fixture = fixtureFile(testFixture);
    const auth = { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' };
    const titles = async (url: string) =>
      ((await (await fetch(`${url}/v1/blackouts`, { headers: auth })).json()) as { title: string }[])
        .map((b) => b.title)
        .sort();
    const stop = async (running: RunningCli) => {
      running.child.kill('SIGTERM');
      expect((await running.exited).code).toBe(0);
    };

    const first = await startCli(cli, { data, fixture });
    try {
      const list = (await (await fetch(`${first.url}/v1/blackouts`, { headers: auth })).json()) as {
        id: number;
        title: string;
      }[];
      const christmas = list.find((b) => b.title === 'Christmas')!;
      const repairs = list.find((b) => b.title === 'Hull repairs')!;
      expect(
        (await fetch(`${first.url}/v1/blackouts/${christmas.id}`, { method: 'DELETE', headers: auth })).status,
      ).toBe(204);
      const put = await fetch(`${first.url}/v1/blackouts/${repairs.id}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ title: 'Hull repainted' }),
      });
      expect(put.status).toBe(200);
    } finally {
      await stop(first);
    }
    const expected = ['Docklands closed', 'Hull repainted', 'Tour guide away'];

    const second = await startCli(cli, { data, fixture });
    try {
      expect(await titles(second.url)).toEqual(expected);
      // The tokens still work (they are refreshed, not duplicated).
      expect((await fetch(`${second.url}/v1/widgets`, { headers: auth })).status).toBe(200);
    } finally {
      await stop(second);
    }
  }, 60_000);
});
