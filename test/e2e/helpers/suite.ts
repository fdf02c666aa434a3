/**
 * What every browser suite shares: one Chromium and one storefront for the file, a fresh
 * shopper page per test, closed after it, and after each test a check that the service logged
 * no unexpected error (a 500 the shopper might not even have seen).
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { PlainDate } from '../../../src/shared/plain-date.ts';
import { launchBrowser } from './browser.ts';
import { openShopper, type ShopperOptions, type ShopperPage } from './page.ts';
import { type E2eServer, type StartOptions, startStorefront } from './server.ts';

/** A suite's browser and storefront, valid inside its tests. */
export interface StorefrontSuite {
  readonly browser: Browser;
  readonly server: E2eServer;
  /** Today in the shop's zone when the storefront started. */
  readonly today: PlainDate;
  /** A new shopper page on the storefront, closed after the test. */
  open(options?: ShopperOptions): Promise<ShopperPage>;
}

/** Options of `useStorefront`. */
export interface SuiteOptions extends StartOptions {
  /** Undoes what a test may have changed on the server (an outage, a frozen clock). */
  reset?(server: E2eServer): void;
}

/** Registers the file's hooks and returns the suite, to be read inside tests. */
export function useStorefront(options: SuiteOptions = {}): StorefrontSuite {
  let browser: Browser | undefined;
  let server: E2eServer | undefined;
  const opened: ShopperPage[] = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startStorefront(options)]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async () => {
    if (server) options.reset?.(server);
    await Promise.all(opened.splice(0).map((s) => s.close()));
    expect(server?.serviceErrors, 'the service hit unexpected errors (500s)').toEqual([]);
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the storefront suite is used outside its tests');
    return value;
  };
  return {
    get browser() {
      return started(browser);
    },
    get server() {
      return started(server);
    },
    get today() {
      return started(server).today;
    },
    async open(shopperOptions) {
      const shopper = await openShopper(started(browser), started(server), shopperOptions);
      opened.push(shopper);
      return shopper;
    },
  };
}
