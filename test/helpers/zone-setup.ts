// Each project names the zone its tests run in; prove the process really is in it, so a
// zone matrix can never pass by silently running everything in one zone.
import { afterAll, expect, vi } from 'vitest';

const wanted = process.env.TZ;
if (wanted) {
  const actual = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const same = actual === wanted || (wanted === 'UTC' && (actual === 'Etc/UTC' || actual === 'UTC'));
  expect(same, `process time zone is ${actual}, expected ${wanted}`).toBe(true);
}

// A worker's files share modules and, under happy-dom, one document (vite.config.ts: the node
// and widget projects do not isolate files). Whatever a file left behind, even one that failed
// half-way, ends with it: fake timers, stubbed globals and variables, spies, and the page's
// elements (a widget taken off the page stops its countdown and its requests).
afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  if (typeof document === 'undefined') return;
  document.body.replaceChildren();
  // @preact/signals defers a component's DOM update to the next frame or 35 ms, whichever comes
  // first, and the timer then calls cancelAnimationFrame. A file whose environment is taken down
  // (isolated projects: the admin's) before that timer fires had it throw a ReferenceError into
  // the run (CI: test/admin/schedule.test.tsx). Waiting past it lets every such update land first.
  await new Promise((resolve) => setTimeout(resolve, 60));
});
