import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Axe's findings on a settled page, none expected: nothing loading (`aria-busy`), and with
 * `reducedMotion` set by the spec, no transition caught half-way.
 */
export async function expectNoAxeViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id} on ${page.url()}: ${v.nodes.map((n) => n.target).join(", ")}`),
  ).toEqual([]);
}
