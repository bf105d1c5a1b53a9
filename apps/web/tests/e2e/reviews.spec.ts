import type { Browser, Page } from "@playwright/test";
import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { CHECKOUT, fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, javaScriptOff, sql, test } from "./fixtures";
import { deliveredEmail, linkIn } from "./mailbox";

// Axe measures a settled page: no transition caught half-way.
test.use({ reducedMotion: "reduce" });

/** The schema.org Product a page describes itself with. */
async function productData(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block)).find((item) => item["@type"] === "Product");
}

/** A purchase of Nadia in English with the test card, by a buyer of her own address; its number. */
async function buyNadia(page: Page, email: string): Promise<string> {
  await page.goto(`${CHECKOUT.en.checkout}?product=nadia&qty=1`);
  await fillShipping(page, "en", "FR", "Lina");
  await page.getByLabel(CHECKOUT.en.fields.email).fill(email);
  await submitCheckout(page, "en");
  await payWithCard(page, "en", "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(CHECKOUT.en.thanks("Lina"));
  const text = await page.getByText(CHECKOUT.en.orderNumber).textContent();
  const orderNumber = text?.match(CHECKOUT.en.orderNumber)?.[1];
  if (!orderNumber) throw new Error("no order number on the thank-you page");
  return orderNumber;
}

/** The owner, in her own browser: her panel runs with JavaScript whatever the shopper's has. */
async function ownersPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: true,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await logInAsOwner(page);
  return { context, page };
}

async function shipFromThePanel(owner: Page, orderNumber: string) {
  await owner.getByRole("link", { name: "Commandes" }).click();
  await owner.getByLabel("Rechercher").fill(orderNumber);
  const row = owner.getByRole("row").filter({ hasText: orderNumber });
  await row.getByLabel(`Numéro de suivi pour ${orderNumber}`).fill(`6A${Date.now()}`);
  await row.getByLabel(`Transporteur pour ${orderNumber}`).selectOption("colissimo");
  await row.getByRole("button", { name: "Marquer comme Expédiée" }).click();
  // Shipped once the panel says so: the row's own button already reads « Expédiée ».
  await expect(owner.getByRole("status").filter({ hasText: "Commande expédiée" })).toBeVisible();
}

test("a buyer reviews Nadia in English from her invitation, the owner publishes it with an answer, both Nadia pages show it", async ({
  page,
  browser,
}, testInfo) => {
  // A purchase, a shipment, an e-mail, a review, a moderation and four pages: three tests' time.
  test.slow();
  const withJavaScript = !javaScriptOff(testInfo);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const email = `reviewer-${run}@example.org`;
  const title = `Worn every day (${run})`;

  const orderNumber = await buyNadia(page, email);
  const owner = await ownersPage(browser);
  await shipFromThePanel(owner.page, orderNumber);

  // Time moves forward, not the test's clock: the parcel left eleven days ago, and the worker's
  // next round (one a second in this run) invites her, once.
  await sql("UPDATE orders SET shipped_at = now() - interval '11 days' WHERE order_number = $1", [
    orderNumber,
  ]);
  const invitation = await deliveredEmail(`Your review of order ${orderNumber}`);
  expect(invitation).toContain("How do you like it?");
  const link = linkIn(invitation, "/en/write-a-review?token=");
  expect(new URL(link).searchParams.get("model")).toBe("nadia");

  const opened = await page.goto(link);
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 2, name: "Your review of Nadia" })).toBeVisible();
  await expect(page.getByLabel("Name shown", { exact: true })).toHaveValue("Lina M.");

  // Sent too short and without consent: each field says what is wrong, what she typed is kept.
  await page.getByRole("radio", { name: "4 stars out of 5" }).check();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Your review", { exact: true }).fill("Lovely.");
  await page.getByRole("button", { name: "Send my review" }).click();
  await expect(page.getByRole("alert")).toContainText("Your review was not sent");
  await expect(page.getByText("Your review is 10 to 2,000 characters long.")).toBeVisible();
  await expect(page.getByText("Tick the box so that your review can be published.")).toBeVisible();
  await expect(page.getByLabel("Your review", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  if (withJavaScript) await expectNoAxeViolations(page);

  await page.getByRole("radio", { name: "5 stars out of 5" }).check();
  await page
    .getByLabel("Your review", { exact: true })
    .fill("The jacquard is even more beautiful than in the photos.\n\nI wear it every day, <b>truly</b>.");
  await page.getByLabel(/I agree to my review being published/).check();
  await page.getByRole("button", { name: "Send my review" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toContainText(
    "Your review of Nadia is saved.",
  );
  await expect(page.getByText("Being read", { exact: true })).toBeVisible();
  if (withJavaScript) await expectNoAxeViolations(page);

  // The owner sees it waiting (the panel's count), reads it and publishes it with an answer.
  await openAdminPage(owner.page, "/admin-avis");
  await expect(owner.page.getByRole("link", { name: /^Avis clients\s+\d+ avis à modérer$/ })).toBeVisible();
  const card = owner.page.getByRole("article", { name: title });
  await expect(card).toContainText("I wear it every day, <b>truly</b>.");
  await expect(card).toContainText(`Commande ${orderNumber}`);
  await expectNoAxeViolations(owner.page);
  await card.getByLabel("Réponse publique de la boutique").fill("Thank you Lina, wear it well!");
  await card.getByRole("button", { name: "Publier avec cette réponse" }).click();
  await expect(owner.page.getByRole("status").filter({ hasText: "Avis publié" })).toBeVisible();
  await owner.page.getByRole("button", { name: /^Publiés/ }).click();
  await expect(owner.page.getByRole("article", { name: title })).toContainText("Publié le");
  await owner.context.close();

  // Both Nadia pages show it at once (a kept page is gone with the publication), with its rating.
  const [stats] = await sql<{ count: number; average: string }>(
    `SELECT count(*)::int AS count, round(avg(rating), 1)::text AS average FROM reviews r
     JOIN products p ON p.id = r.product_id WHERE p.slug = 'nadia' AND r.status = 'published'`,
  );
  for (const path of ["/en/product/nadia-fanny-pack", "/produit/sac-banane-nadia"]) {
    await page.goto(path);
    const reviews = page.getByRole("region", {
      name: path.startsWith("/en") ? "Verified reviews" : "Avis vérifiés",
    });
    const mine = reviews.getByRole("article", { name: title });
    await expect(mine).toContainText("The jacquard is even more beautiful than in the photos.");
    // Her words are text, never markup.
    await expect(mine).toContainText("I wear it every day, <b>truly</b>.");
    await expect(mine).toContainText("Lina M.");
    await expect(mine).toContainText("Thank you Lina, wear it well!");
    await expect(
      mine.getByRole("img", { name: path.startsWith("/en") ? "5 out of 5" : "5 sur 5" }),
    ).toBeVisible();
    await expect(reviews).toContainText(
      path.startsWith("/en") ? "How we collect reviews" : "Comment nous recueillons les avis",
    );
    if (!path.startsWith("/en")) await expect(mine).toContainText("Avis rédigé en anglais");
    const product = await productData(page);
    expect(product.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: Number(stats?.average),
      reviewCount: stats?.count,
      bestRating: 5,
      worstRating: 1,
    });
    expect(product.review).toContainEqual(
      expect.objectContaining({
        "@type": "Review",
        name: title,
        author: { "@type": "Person", name: "Lina M." },
        reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
        inLanguage: "en",
      }),
    );
    if (withJavaScript) await expectNoAxeViolations(page);
  }

  // One click from the invitation stops the next ones (a form's post, with or without JavaScript).
  await page.goto(linkIn(invitation, "/en/reviews/unsubscribe?token="));
  await page.getByRole("button", { name: "Stop these invitations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Done" })).toBeVisible();
  expect(await sql("SELECT email FROM review_opt_outs WHERE email = $1", [email])).toHaveLength(1);
});

test("a page with no review carries no rating at all, in either language", async ({ page }) => {
  // No test reviews Aicha.
  for (const path of ["/en/product/aicha-fanny-pack", "/produit/sac-banane-aicha"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: /Verified reviews|Avis vérifiés/ })).toHaveCount(0);
    await expect(page.getByRole("img", { name: /out of 5|sur 5/ })).toHaveCount(0);
    const product = await productData(page);
    expect(product.aggregateRating).toBeUndefined();
    expect(product.review).toBeUndefined();
  }
});

test("a review link that is not the shop's opens nothing, and says so", async ({ page }) => {
  const forged = await page.goto("/en/write-a-review?token=r.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(forged?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("This link cannot be used to write a review");
  await page.goto("/donner-mon-avis");
  await expect(page.getByRole("alert")).toContainText("Ce lien ne permet pas de donner un avis");
});
