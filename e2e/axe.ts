import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Runs axe on the page as it is now; fails on serious or critical violations, listing each. */
export async function expectNoSeriousViolations(page: Page, where: string) {
  // Only violations come back: the passes are not serialised.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const failing = violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  const report = failing
    .map((violation) => {
      const targets = violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n');
      return `- ${violation.id} [${violation.impact}] ${violation.help} (${violation.helpUrl})\n${targets}`;
    })
    .join('\n');
  expect(failing.length, `serious or critical axe violations on ${where} (now at ${new URL(page.url()).pathname}):\n${report}\n`).toBe(0);
}
