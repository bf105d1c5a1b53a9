import { ownerSeesSource, visitFromInstagram } from "./audience";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// The owner reads her audience on her phone: the chart, today's sources and the path fit the
// screen (each table row a card), and the page is clean for axe.
test.use({ reducedMotion: "reduce" });

test("on her phone, the owner sees today's Instagram visit in her sources", async ({ page }, testInfo) => {
  const campaign = await visitFromInstagram(page);
  const row = await ownerSeesSource(page, campaign);
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeInViewport();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const section = page.locator("section", {
    has: page.getByRole("heading", { level: 2, name: "Visites des 30 derniers jours" }),
  });
  await section.screenshot({ path: testInfo.outputPath("audience-phone.png") });
  await expectNoAxeViolations(page);
});
