import { ADMIN_PASSWORD, logInAsOwner } from "./admin-helpers";
import { expect, test } from "./fixtures";

test("an admin page without a session leads to the login form", async ({ page }) => {
  for (const path of ["/admin-orders", "/admin-stock", "/admin-email"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accès sécurisé");
  }
});

test("a wrong password is refused with the spec's message, the right one opens the panel", async ({
  page,
}) => {
  await page.goto("/admin");
  await page.getByLabel("Mot de passe").fill("not the password");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Mot de passe incorrect");
  await logInAsOwner(page);
  await expect(page.getByRole("status").filter({ hasText: "Connexion réussie" })).toBeVisible();
});

test("the session cookie is httpOnly and SameSite=Strict, and logging out ends it on the server", async ({
  page,
  request,
}) => {
  await logInAsOwner(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === "admin_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict" });
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(7.9 * 3600_000);

  // A copy of the cookie works while the session lives…
  const stolen = `admin_session=${cookie?.value}`;
  const before = await request.get("/admin-orders", { headers: { Cookie: stolen }, maxRedirects: 0 });
  expect(before.status()).toBe(200);
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accès sécurisé");
  // …and opens nothing once the owner has logged out.
  const after = await request.get("/admin-orders", { headers: { Cookie: stolen }, maxRedirects: 0 });
  expect(after.status()).toBe(302);
  const api = await request.get("/trpc/products.list", { headers: { Cookie: stolen } });
  expect(api.status()).toBe(401);
});

test("five failed logins in a row block the sixth try, even with the right password", async ({ page }) => {
  await page.goto("/admin");
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Mot de passe").fill(`guess-${i}`);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Mot de passe incorrect");
  }
  await page.getByLabel("Mot de passe").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Trop de tentatives échouées : la connexion est bloquée pendant 15 minutes.",
  );
});

test("no secret reaches the browser: the built client assets hold no key, URL or password", async () => {
  const { readdir, readFile } = await import("node:fs/promises");
  const { join } = await import("node:path");
  const root = join(import.meta.dirname, "../../build/client");
  const files = (await readdir(root, { recursive: true })).filter((f) => /\.(js|css|html|json|map)$/.test(f));
  expect(files.length).toBeGreaterThan(5);
  const secrets = [
    /postgres(ql)?:\/\//i,
    /\b(sk|rk)_(live|test)_[0-9a-z]+/i,
    /whsec_[0-9a-z]+/i,
    /DATABASE_URL|SESSION_SECRET|ADMIN_PASSWORD|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|SMTP_URL/,
    /development-only-secret/,
    new RegExp(ADMIN_PASSWORD),
  ];
  const values = [process.env.DATABASE_URL].filter((v): v is string => Boolean(v));
  for (const file of files) {
    const text = await readFile(join(root, file), "utf8");
    for (const secret of secrets) expect(text, `${file} matches ${secret}`).not.toMatch(secret);
    for (const value of values) expect(text.includes(value), `${file} holds a configured secret`).toBe(false);
  }
});
