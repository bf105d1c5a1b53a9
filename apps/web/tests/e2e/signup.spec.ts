import { randomUUID } from "node:crypto";
import { expect, sql, test } from "./fixtures";

test("an early-notice sign-up on the home is stored once and thanked in French", async ({ page }) => {
  const email = `lina-${randomUUID()}@example.org`;
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.goto("/");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Me prévenir" }) });
    await form.getByLabel("Prénom (facultatif)").fill("Lina");
    await form.getByLabel("Adresse e-mail").fill(email.toUpperCase());
    await form.getByRole("button", { name: "Me prévenir" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Merci !" })).toContainText(
      "Vous serez informé(e) des prochains lancements.",
    );
  }
  const rows = await sql("SELECT name, locale, source FROM signups WHERE email = $1", [email]);
  expect(rows).toEqual([{ name: "Lina", locale: "fr", source: "home" }]);
});

test("a malformed address gets a clear message in English and keeps what was typed", async ({ page }) => {
  await page.goto("/en/product/bilin-fanny-pack");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Get notified first" }) });
  await form.getByLabel("E-mail address").fill("lina-at-example");
  await form.getByRole("button", { name: "Get notified first" }).click();
  const field = form.getByLabel("E-mail address");
  await expect(form.getByText("This e-mail address is not valid.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue("lina-at-example");
  const rows = await sql("SELECT 1 FROM signups WHERE email = $1", ["lina-at-example"]);
  expect(rows).toHaveLength(0);
});

test("a malformed sign-up posted without a browser gets a 400 with the message", async ({ request }) => {
  const response = await request.post("/en", { form: { intent: "signup", email: "<script>" } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("This e-mail address is not valid.");
});
