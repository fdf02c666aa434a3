/**
 * The real browser for the e2e suites: Debian's Chromium driven by playwright-core. Never
 * downloads a browser. Without Chromium the suites are skipped locally with a message saying
 * how to install it, and fail on CI (`CI=true`), where a skipped browser suite would hide bugs.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe } from 'vitest';

/** Where Debian puts Chromium; `E2E_CHROMIUM` overrides it (another distribution's path). */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM || '/usr/bin/chromium';

/** Flags for a quiet headless Chromium on a machine without network access. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A page a test fulfils through page.route has no address, so Chromium's Local Network
  // Access takes it for a public site and refuses its loads from 127.0.0.1 (the test's CDN).
  // Real pages and CDNs are both public or both local; the check has nothing to say here.
  '--disable-features=LocalNetworkAccessChecks',
];

const onCi = ['true', '1'].includes((process.env.CI ?? '').toLowerCase());

const INSTALL =
  'Install it with `apt-get install -y chromium` (Debian/Ubuntu), or point E2E_CHROMIUM at a Chromium binary.';
const MISSING = `Chromium not found at ${CHROMIUM_PATH}: the real-browser tests are skipped. ${INSTALL}`;

/** Whether a browser is there to run the suites. Throws on CI when it is not. */
function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (onCi)
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}, and on CI (CI=true) the real-browser tests must run, not be skipped. ${INSTALL}`,
    );
  return false;
}

let warned = false;

/**
 * `describe` for a suite that needs the browser: `describe.skip` (with a console message)
 * when Chromium is missing locally; an error on CI.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (browserAvailable()) {
    describe(name, body);
    return;
  }
  if (!warned) {
    console.warn(`\n[e2e] ${MISSING}\n`);
    warned = true;
  }
  describe.skip(`${name} (skipped: no Chromium at ${CHROMIUM_PATH}; apt-get install -y chromium)`, body);
}

/** Launches headless Chromium; one per test file, a new context per test. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, timeout: 30_000 });
}
