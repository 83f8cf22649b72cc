import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules: the level every portal page is held to. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core over the page as it is now (or only `within`, a CSS selector such as an open dialog; less the
 * elements `leaveOut` selects) and fails with each violation's rule, impact and offending elements.
 */
export async function expectNoAxeViolations(page: Page, within?: string, leaveOut?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_21_AA);
  if (within) builder = builder.include(within);
  if (leaveOut) builder = builder.exclude(leaveOut);
  const { violations } = await builder.analyze();
  const described = violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(described, `axe-core violations on ${page.url()}`).toEqual([]);
}
