import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** One axe finding, reduced to what a failing assertion should print. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is now and returns its serious and critical violations.
 * axe goes in through DevTools evaluation, not a script tag, so the app's CSP stays as it ships.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter(
    (finding) => finding.impact === 'serious' || finding.impact === 'critical',
  );
}
