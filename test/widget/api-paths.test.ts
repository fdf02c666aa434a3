// @vitest-environment node
/**
 * One way to call the API (issue #26): the widget's requests go through the client's functions
 * (`src/client/internal.ts`), so no module of the widget spells a `/v1/…` path of its own.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const WIDGET = join(import.meta.dirname, '../../src/widget');

it('leaves every /v1/ path of the API to the client', () => {
  const sources = readdirSync(WIDGET, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
  expect(sources.length).toBeGreaterThan(20);
  const spelled = sources.filter((f) => readFileSync(join(WIDGET, f), 'utf8').includes('/v1/'));
  expect(spelled).toEqual([]);
});
