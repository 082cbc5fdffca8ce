/**
 * Accessibility checks with axe-core against WCAG 2.2 AA. The flow lives in a cross-origin iframe; axe is
 * injected into every frame by @axe-core/playwright, and `include` narrows the report to the frame's content so
 * a flow test is not failed (or passed) by the partner page around it.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe's violation record, taken from the builder itself rather than from axe-core, a transitive dependency. */
export type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeOptions {
  /** Selectors (inside the checked frame, as [frame, inner] pairs, or on the page) to leave out. */
  exclude?: (string | string[])[];
  /** Rule ids to skip; each skip deserves a comment at the call site saying why. */
  disableRules?: string[];
}

/**
 * The violations in `frameSelector`'s document (default: the flow's modal iframe), or in the whole page, frames
 * included, when `frameSelector` is null.
 */
export async function axeViolations(page: Page, frameSelector: string | null = '[data-testid="flow-frame"]', opts: AxeOptions = {}): Promise<Result[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  if (frameSelector !== null) {
    await page.locator(frameSelector).waitFor({ state: 'attached' });
    builder = builder.include(frameSelector);
  }
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  if (opts.disableRules?.length) builder = builder.disableRules(opts.disableRules);
  const results = await builder.analyze();
  return results.violations;
}

export async function expectNoAxeViolations(page: Page, frameSelector: string | null = '[data-testid="flow-frame"]', opts: AxeOptions = {}): Promise<void> {
  const violations = await axeViolations(page, frameSelector, opts);
  expect(violations, formatViolations(violations)).toEqual([]);
}

/** One line per violation with the first few offending nodes: enough to find and fix it from the test log. */
export function formatViolations(violations: Result[]): string {
  if (violations.length === 0) return 'no axe violations';
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, 3).map((n) => `    ${JSON.stringify(n.target)}: ${n.failureSummary?.split('\n').join(' ') ?? ''}`);
      const more = v.nodes.length > 3 ? [`    …and ${v.nodes.length - 3} more`] : [];
      return [`${v.id} (${v.impact ?? 'n/a'}): ${v.help} ${v.helpUrl}`, ...nodes, ...more].join('\n');
    })
    .join('\n');
}
