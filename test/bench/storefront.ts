/**
 * The demo storefront for the browser sections: `dist/service/start.js` (what `npm start` runs)
 * in a child process on a fresh PGlite folder, and in front of it a small proxy in this process
 * that serves the product page in variants the repository does not have as files:
 *
 *   http://127.0.0.1:PAGE/bench/without   the product page with no widget (its script tags and element removed)
 *   http://127.0.0.1:PAGE/bench/same      the page as shipped: the widget calls /v1 on the page's origin
 *   http://127.0.0.1:PAGE/bench/cross     the widget calls the API on another origin, http://127.0.0.1:API
 *   http://127.0.0.1:PAGE/bench/reserved  as shipped, plus page CSS that gives the element its box before its script runs
 *   http://127.0.0.1:PAGE/bench/tour      the Guided paddle tour's page (public/tour.html, a slot widget) as shipped
 *   http://127.0.0.1:PAGE/bench/tour-cross  the tour's page with the API on another origin
 *
 * Every other path is passed to the storefront unchanged; the API origin passes /v1 and counts
 * CORS preflights (OPTIONS) and API requests, so the page sections can report them.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, track, within } from './util.ts';

/** A running demo behind the bench's proxy. */
export interface Storefront {
  /** Page origin, e.g. http://127.0.0.1:40123 */
  page: string;
  /** Cross-origin API origin. */
  api: string;
  /** Counts since the last `resetCounts()`. */
  counts: { preflights: number; apiRequests: number };
  resetCounts(): void;
  close(): Promise<void>;
}

function listenOn(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Passes a request to `target` (host:port) and streams the answer back. */
function forward(
  target: { host: string; port: number },
  req: http.IncomingMessage,
  res: http.ServerResponse,
  headers?: http.OutgoingHttpHeaders,
): void {
  const upstream = http.request(
    {
      host: target.host,
      port: target.port,
      path: req.url,
      method: req.method,
      headers: { ...req.headers, ...headers, host: `${target.host}:${target.port}` },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`bench proxy: ${error.message}`);
  });
  req.pipe(upstream);
}

/** Removes the widget from the product page: its scripts and the element. */
export function withoutWidget(html: string): string {
  return html
    .replace(/<script[^>]*src="\/booking-widget\.js"[^>]*><\/script>\s*/g, '')
    .replace(/<script[^>]*src="\/extension\/assets\/booking-widget-block\.js"[^>]*><\/script>\s*/g, '')
    .replace(/<booking-widget[\s\S]*?<\/booking-widget>\s*/g, '');
}

/** The fix the bench tries for layout shift: the page reserves the element's box before the deferred script runs. */
export const RESERVE_CSS =
  'booking-widget{display:block;box-sizing:content-box;min-height:32em}@media (max-width:500px){booking-widget{min-height:37em}}';

export function reserved(html: string): string {
  return html.replace('</head>', `<style>${RESERVE_CSS}</style>\n</head>`);
}

/** Points the widget at another API origin. */
export function crossOrigin(html: string, api: string): string {
  return html.replace(/(<booking-widget[^>]*\sapi=")[^"]*"/, `$1${api}"`);
}

/** Starts the demo storefront and the proxy. Throws with the reason when it cannot. */
export async function startStorefront(): Promise<Storefront> {
  const start = join(ROOT, 'dist/service/start.js');
  if (!existsSync(start)) throw new Error('dist/service/start.js is not built (npm run build)');
  if (!existsSync(join(ROOT, 'dist/booking-widget.js')))
    throw new Error('dist/booking-widget.js is not built (npm run build)');

  const counts = { preflights: 0, apiRequests: 0 };
  let target = { host: '127.0.0.1', port: 0 };
  let page = '';
  let apiOrigin = '';
  const pageServer = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/bench/')) {
      void (async () => {
        try {
          const tour = path.startsWith('/bench/tour');
          const html = await readFile(join(ROOT, tour ? 'public/tour.html' : 'public/index.html'), 'utf8');
          const body =
            path === '/bench/without'
              ? withoutWidget(html)
              : path === '/bench/cross' || path === '/bench/tour-cross'
                ? crossOrigin(html, apiOrigin)
                : path === '/bench/reserved'
                  ? reserved(html)
                  : html;
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
          res.end(body);
        } catch (error) {
          res.writeHead(500);
          res.end(String(error));
        }
      })();
      return;
    }
    if (path.startsWith('/v1')) counts.apiRequests++;
    forward(target, req, res);
  });
  const apiServer = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') counts.preflights++;
    else counts.apiRequests++;
    forward(target, req, res);
  });
  const pagePort = await listenOn(pageServer);
  const apiPort = await listenOn(apiServer);
  page = `http://127.0.0.1:${pagePort}`;
  apiOrigin = `http://127.0.0.1:${apiPort}`;

  // The demo fixture, with the bench's page origin allowed for the publishable token.
  const dir = await mkdtemp(join(tmpdir(), 'bench-storefront-'));
  const fixture = JSON.parse(await readFile(join(ROOT, 'src/service/demo/demo-fixture.json'), 'utf8')) as {
    shops: Array<{ tokens?: Array<{ kind: string; origins?: string[] }> }>;
  };
  for (const shop of fixture.shops)
    for (const t of shop.tokens ?? []) if (t.kind === 'publishable') t.origins = [...(t.origins ?? []), page];
  await writeFile(join(dir, 'fixture.json'), JSON.stringify(fixture));

  const child: ChildProcess = track(
    spawn(
      process.execPath,
      [start, '--port', '0', '--data', join(dir, 'data'), '--fixture', join(dir, 'fixture.json')],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  );
  let output = '';
  const closeAll = async () => {
    if (child.exitCode === null) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await within(gone, 10_000, 'stopping the storefront').catch(() => child.kill('SIGKILL'));
    }
    await Promise.all([new Promise((r) => pageServer.close(r)), new Promise((r) => apiServer.close(r))]);
    pageServer.closeAllConnections();
    apiServer.closeAllConnections();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const port = await within(
      new Promise<number>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => {
          output += d.toString();
          const m = /demo storefront: http:\/\/[^:]+:(\d+)/.exec(output);
          if (m) resolve(Number(m[1]));
        });
        child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
        child.once('exit', (code) => reject(new Error(`the storefront exited (${code}): ${output.slice(-300)}`)));
      }),
      60_000,
      'starting the storefront',
    );
    target = { host: '127.0.0.1', port };
  } catch (error) {
    await closeAll();
    throw error;
  }
  return {
    page,
    api: apiOrigin,
    counts,
    resetCounts() {
      counts.preflights = 0;
      counts.apiRequests = 0;
    },
    close: closeAll,
  };
}
