/**
 * axe-core in the real page: injected from node_modules, run over the document (axe looks into
 * open shadow roots), only the serious and critical violations kept, each with where it is.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** One serious or critical violation, with the elements at fault. */
export interface AxeProblem {
  id: string;
  impact: string;
  help: string;
  nodes: { target: unknown; html: string; why: string }[];
}

/**
 * Runs axe over the page, or over `include` (CSS selectors, e.g. `booking-widget`), and returns
 * the serious and critical violations. On the strict page, open the context with `bypassCSP`:
 * axe is injected as an inline script.
 */
export async function seriousAxeViolations(page: Page, include?: string[]): Promise<AxeProblem[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (include) => {
    const axe = (window as any).axe;
    const context = include ? { include: include.map((s) => [s]) } : document;
    // Full results (no resultTypes): the passes are counted below.
    const result = await axe.run(context);
    // Elements inside shadow roots have a target path of more than one selector.
    const inShadow = (result.passes as { nodes: { target: unknown[] }[] }[])
      .flatMap((r) => r.nodes)
      .filter((n) => Array.isArray(n.target[0])).length;
    (window as any).__e2eAxeCheckedInShadow = inShadow;
    return result.violations as {
      id: string;
      impact: string;
      help: string;
      nodes: { target: unknown; html: string; failureSummary: string }[];
    }[];
  }, include);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target,
        html: n.html.slice(0, 200),
        why: (n.failureSummary ?? '').slice(0, 300),
      })),
    }));
}

/** How many elements inside shadow roots the last axe run checked and passed (proof that it looked in). */
export function axeCheckedInShadow(page: Page): Promise<number> {
  return page.evaluate(() => (window as any).__e2eAxeCheckedInShadow ?? 0);
}
