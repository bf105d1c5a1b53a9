import { randomUUID } from "node:crypto";
import { fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { seriesWithOneModel } from "./launch-helpers";
import { deliveredEmail, linkIn } from "./mailbox";
import { moveShopClockTo, withShopClock } from "./shop-clock";

// Runs in one project only (see playwright.config.ts): it owns Bilin's stock while it runs, one
// test after the other.
test.describe.configure({ mode: "serial" });
test("the last piece bought in one browser is sold out in the other", async ({ page, browser }) => {
  await sql("UPDATE products SET stock = reserved + 1 WHERE slug = 'bilin'");
  try {
    const other = await browser.newPage();
    await other.goto("/produit/sac-banane-bilin");
    await expect(other.getByRole("button", { name: "Ajouter au panier" }).first()).toBeEnabled();

    await page.goto("/checkout?product=bilin&qty=1");
    await fillShipping(page, "fr", "FR");
    await submitCheckout(page, "fr");
    await payWithCard(page, "fr", "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Votre commande est confirmée");

    await other.reload();
    await expect(other.getByRole("button", { name: "Rupture de stock" }).first()).toBeDisabled();
    const response = await other.goto("/checkout?product=bilin&qty=1");
    // "Acheter maintenant" on a sold-out piece: back to the product page with the spec's toast.
    expect(response?.url()).toContain("/produit/sac-banane-bilin");
    await expect(other.getByRole("alert").filter({ hasText: "Produit épuisé" })).toContainText(
      "Ce produit n'est plus disponible",
    );
    await other.close();
  } finally {
    await sql("UPDATE products SET stock = reserved + 25 WHERE slug = 'bilin'");
  }
});

test("a first-time visitor is served the kept page, allowed by hashes; a visitor with a cart never is", async ({
  browser,
  request,
}) => {
  const path = "/en/product/bilin-fanny-pack";
  // Other tests' sales change the catalogue meanwhile: a page is kept again after each.
  let policy = "";
  await expect
    .poll(async () => {
      const answer = await request.get(path);
      policy = answer.headers()["content-security-policy"] ?? "";
      return answer.headers()["x-page-cache"];
    })
    .toBe("hit");
  // Kept for everyone: its inline style allowed by its hash, never by a visitor's nonce; no
  // inline script at all (decision 030).
  expect(policy).toMatch(/style-src 'self' 'sha256-[^']+'/);
  expect(policy).toMatch(/script-src 'self';/);
  expect(policy).not.toContain("nonce-");

  // The kept page runs in a browser: its inline scripts pass its policy (a refused one is a
  // console error), and once she has a piece in her cart her pages are rendered for her.
  const visitor = await browser.newPage();
  const errors: string[] = [];
  visitor.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  try {
    await expect.poll(async () => (await visitor.goto(path))?.headers()["x-page-cache"]).toBe("hit");
    expect(errors).toEqual([]);
    await visitor.getByRole("button", { name: "Add to cart" }).first().click();
    // The toast, not the badge (which counts a piece while it is being added), says the cart's
    // cookie is set.
    await expect(visitor.getByRole("status").filter({ hasText: "Product added" })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
    const own = await visitor.reload();
    expect(own?.headers()["x-page-cache"]).toBeUndefined();
    await expect(visitor.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test("shoppers waiting for a sold-out model confirm their address, then each get one e-mail when it is back", async ({
  page,
  browser,
}) => {
  await sql("UPDATE products SET stock = reserved WHERE slug = 'bilin'");
  const withScript = `waiting-${randomUUID()}@example.org`;
  const withoutScript = `waiting-${randomUUID()}@example.org`;
  const neverConfirmed = `stranger-${randomUUID()}@example.org`;
  try {
    // With JavaScript, in English: answered in place.
    await page.goto("/en/product/bilin-fanny-pack");
    const form = page.getByRole("region", { name: "Notify me when it's back" });
    await form.getByLabel("E-mail address").fill(withScript);
    await form.getByRole("button", { name: "Notify me when it's back" }).click();
    await expect(form.getByText("Tick the box to agree to receive this e-mail.")).toBeVisible();
    await form.getByLabel(/I agree to receive a single e-mail/).check();
    await form.getByRole("button", { name: "Notify me when it's back" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Noted!" })).toBeVisible();

    // Without JavaScript, in French: a plain form post and a redirect back.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto("/produit/sac-banane-bilin");
    const formFr = plain.getByRole("region", { name: "Me prévenir de son retour" });
    await formFr.getByLabel("Adresse e-mail").fill(withoutScript);
    await formFr.getByLabel(/J'accepte de recevoir un seul e-mail/).check();
    await formFr.getByRole("button", { name: "Me prévenir de son retour" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "C'est noté !" })).toBeVisible();

    // Each confirms through the link of the e-mail that just arrived (double opt-in): in French
    // without JavaScript, in English with it.
    await plain.goto(linkIn(await deliveredEmail(withoutScript), "/inscription/confirmer"));
    await plain.getByRole("button", { name: "Confirmer mon inscription" }).click();
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Inscription confirmée");
    await context.close();
    await page.goto(linkIn(await deliveredEmail(withScript), "/en/signup/confirm"));
    await page.getByRole("button", { name: "Confirm my sign-up" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-up confirmed");
    // A third address, typed by someone else, is never confirmed.
    const response = await page.request.post("/en/product/bilin-fanny-pack", {
      form: { intent: "waitlist", email: neverConfirmed, consent: "yes" },
    });
    expect(response.status()).toBe(200);

    const waiting = await sql(
      "SELECT email, locale, confirmed_at IS NOT NULL AS confirmed FROM signups WHERE source = 'waitlist' AND email = ANY($1) ORDER BY email",
      [[withScript, withoutScript, neverConfirmed]],
    );
    expect(waiting).toEqual(
      expect.arrayContaining([
        { email: withScript, locale: "en", confirmed: true },
        { email: withoutScript, locale: "fr", confirmed: true },
        { email: neverConfirmed, locale: "en", confirmed: false },
      ]),
    );

    await sql("UPDATE products SET stock = reserved + 2 WHERE slug = 'bilin'");
    const english = await deliveredEmail(withScript, "/en/product/bilin-fanny-pack");
    const french = await deliveredEmail(withoutScript, "/produit/sac-banane-bilin");
    expect(french).toContain("Se désinscrire");
    const notices = await sql(
      "SELECT recipient, count(*)::int AS n FROM email_queue WHERE type = 'back_in_stock' AND recipient = ANY($1) GROUP BY recipient",
      [[withScript, withoutScript, neverConfirmed]],
    );
    expect(notices).toHaveLength(2);
    for (const notice of notices) expect(notice.n).toBe(1);

    // Its unsubscribe link: one click on the page, and the address is forgotten.
    await page.goto(linkIn(english, "/en/unsubscribe"));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
    expect(await sql("SELECT 1 FROM signups WHERE email = $1", [withScript])).toHaveLength(0);
  } finally {
    await sql("UPDATE products SET stock = reserved + 25 WHERE slug = 'bilin'");
  }
});

test("a product page left open follows its stock without reload", async ({ page }) => {
  await sql("UPDATE products SET stock = reserved + 2 WHERE slug = 'bilin'");
  try {
    await page.goto("/en/product/bilin-fanny-pack");
    await expect(page.locator("main[data-live=on]")).toBeVisible();
    const add = page.getByRole("button", { name: "Add to cart" }).first();
    await expect(add).toBeEnabled();

    await sql("UPDATE products SET stock = reserved WHERE slug = 'bilin'");
    await expect(page.getByRole("button", { name: "Out of stock" }).first()).toBeDisabled();
    await sql("UPDATE products SET stock = reserved + 1 WHERE slug = 'bilin'");
    await expect(add).toBeEnabled();
  } finally {
    await sql("UPDATE products SET stock = reserved + 25 WHERE slug = 'bilin'");
  }
});

test("a product page left open before its series opens offers the piece at the opening, without reload", async ({
  page,
}, testInfo) => {
  // Drawn from the page itself at the opening (decision 066): no read of the page again.
  const opensAt = new Date(Date.UTC(2029, 11, 7, 17, 0));
  const model = await seriesWithOneModel(testInfo.project.name, { opensAt, earlyAccessMinutes: 0, stock: 2 });
  await withShopClock(async () => {
    // Three seconds before the opening, by the shop's clock: the server waits for it by itself.
    await moveShopClockTo(new Date(opensAt.getTime() - 3_000));
    await page.goto(model.paths.en);
    await expect(page.locator("main[data-live=on]")).toBeVisible();
    await expect(page.locator("#purchase").getByText(/^Opens \w+ \d+ December at 6 pm$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    const reads: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(model.paths.en)) reads.push(request.url());
    });

    await expect(page.getByRole("button", { name: "Add to cart" }).first()).toBeEnabled({ timeout: 15_000 });
    await expect(page.getByText("Only 2 pieces left")).toBeVisible();
    await expect(page.locator("#purchase").getByText(/^Opens/)).toHaveCount(0);
    expect(reads).toEqual([]);
  });
});
