import { randomUUID } from "node:crypto";
import { expect, sql, test } from "./fixtures";
import { deliveredEmail } from "./mailbox";

test("an early-notice sign-up on the home is stored once, unconfirmed, and thanked in French", async ({
  page,
}) => {
  const email = `lina-${randomUUID()}@example.org`;
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.goto("/");
    const form = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Être informé(e) en avant-première" }) });
    await form.getByLabel("Prénom (facultatif)").fill("Lina");
    await form.getByLabel("Adresse e-mail").fill(email.toUpperCase());
    await form.getByRole("button", { name: "Être informé(e) en avant-première" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Merci !" })).toContainText(
      "Vous serez informé(e) en avant-première",
    );
  }
  const rows = await sql("SELECT name, locale, source, confirmed_at FROM signups WHERE email = $1", [email]);
  expect(rows).toEqual([{ name: "Lina", locale: "fr", source: "home", confirmed_at: null }]);
});

test("double opt-in: the confirmation e-mail's link asks, the button confirms, in English", async ({
  page,
}) => {
  const email = `nour-${randomUUID()}@example.org`;
  await page.goto("/en");
  const form = page
    .locator("form")
    .filter({ has: page.getByLabel("E-mail address") })
    .first();
  await form.getByLabel("E-mail address").fill(email);
  await form.getByRole("button").click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toContainText(
    "confirm your address",
  );

  const html = await deliveredEmail(email);
  expect(html).toContain("48");
  const link = html.match(/href="([^"]*\/en\/signup\/confirm\?token=[^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
  expect(link).toBeTruthy();
  await page.goto(link as string);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your sign-up");
  // Opening the link alone confirms nothing (a mail scanner follows links too).
  expect(await sql("SELECT confirmed_at FROM signups WHERE email = $1", [email])).toEqual([
    { confirmed_at: null },
  ]);
  await page.getByRole("button", { name: "Confirm my sign-up" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-up confirmed");
  const [row] = await sql<{ confirmed_at: Date | null }>(
    "SELECT confirmed_at FROM signups WHERE email = $1",
    [email],
  );
  expect(row?.confirmed_at).toBeInstanceOf(Date);
});

test("one client signing up address after address gets a clear refusal in French, nothing more sent", async ({
  page,
}) => {
  const base = randomUUID();
  for (let i = 0; i < 6; i++) {
    await page.goto("/");
    const form = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Être informé(e) en avant-première" }) });
    await form.getByLabel("Adresse e-mail").fill(`stranger-${i}-${base}@example.org`);
    await form.getByRole("button", { name: "Être informé(e) en avant-première" }).click();
    if (i < 5) await expect(page.getByRole("status").filter({ hasText: "Merci !" })).toBeVisible();
  }
  await expect(
    page.getByRole("alert").filter({ hasText: "Trop d'inscriptions depuis votre connexion" }),
  ).toBeVisible();
  const rows = await sql("SELECT email FROM signups WHERE email LIKE $1", [`%-${base}@example.org`]);
  expect(rows).toHaveLength(5);
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
