import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ClientModule from '../../src/client/index.ts';
import type * as InternalModule from '../../src/client/internal.ts';
import { buildMerchantProject, typecheckMerchantFile } from './build-package.ts';
import { json, scriptedFetch } from './fake-fetch.ts';

let project: string;
let client: typeof ClientModule & { resolved: string };
let internal: typeof InternalModule & { resolved: string };

beforeAll(async () => {
  project = buildMerchantProject();
  // The merchant's own module imports the package by name, resolved through its exports map.
  writeFileSync(
    join(project, 'merchant.mjs'),
    "export * from 'booking-widget/client';\nexport const resolved = import.meta.resolve('booking-widget/client');\n",
  );
  client = (await import(/* @vite-ignore */ pathToFileURL(join(project, 'merchant.mjs')).href)) as typeof client;
  writeFileSync(
    join(project, 'internal.mjs'),
    "export * from 'booking-widget/client/internal';\nexport const resolved = import.meta.resolve('booking-widget/client/internal');\n",
  );
  internal = (await import(/* @vite-ignore */ pathToFileURL(join(project, 'internal.mjs')).href)) as typeof internal;
}, 120_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe("the package 'booking-widget/client'", () => {
  it("resolves to the installed package's built dist/client/index.js", () => {
    expect(client.resolved).toBe(pathToFileURL(join(project, 'node_modules/booking-widget/dist/client/index.js')).href);
  });

  it('exports the client, the errors, the guards and serverDate; the resource functions on the internal subpath', () => {
    for (const name of ['createClient', 'serverDate', 'BookingApiError', 'UnavailableError', 'isUnavailableError']) {
      expect(typeof client[name as keyof typeof client], name).toBe('function');
    }
    expect(internal.resolved).toBe(
      pathToFileURL(join(project, 'node_modules/booking-widget/dist/client/internal.js')).href,
    );
    for (const name of ['createRequester', 'listWidgets', 'createReservation']) {
      expect(typeof internal[name as keyof typeof internal], name).toBe('function');
      expect(client, name).not.toHaveProperty(name);
    }
  });

  it('sends a request with the built client', async () => {
    const { fetch, sent } = scriptedFetch(json(200, [{ id: 1 }]));
    const built = client.createClient({ baseUrl: 'https://bookings.test', token: 'sk_test_harbour', fetch });
    await expect(built.widgets.list()).resolves.toEqual([{ id: 1 }]);
    expect(sent[0]?.url).toBe('https://bookings.test/v1/widgets');
  });

  it('gives TypeScript users typed results through the declarations of the exports map', () => {
    expect(() =>
      typecheckMerchantFile(
        project,
        `import { createClient, isUnavailableError, type Reservation } from 'booking-widget/client';
const client = createClient({ baseUrl: 'https://bookings.test', token: 'sk_test_harbour' });
export async function hold(): Promise<Reservation | undefined> {
  try {
    return await client.reservations.create({ cart_token: 'c1', items: [{ external_id: 8001, start: '2026-12-01', quantity: 1 }] });
  } catch (error) {
    if (isUnavailableError(error)) return undefined;
    throw error;
  }
}
// @ts-expect-error: a reservation's id is a number
export const wrong: string = (await client.reservations.retrieve(1)).id;
`,
      ),
    ).not.toThrow();
  }, 60_000);
});
