// Each project names the zone its tests run in; prove the process really is in it, so a
// zone matrix can never pass by silently running everything in one zone.
import { expect } from 'vitest';

const wanted = process.env.TZ;
if (wanted) {
  const actual = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const same = actual === wanted || (wanted === 'UTC' && (actual === 'Etc/UTC' || actual === 'UTC'));
  expect(same, `process time zone is ${actual}, expected ${wanted}`).toBe(true);
}
