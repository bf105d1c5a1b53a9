import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Issue 35: the owner copies her product feeds' addresses from « Ma boutique » and gives them to
// Google Merchant Center and Meta's Commerce Manager, which fetch them. Reads the shop as it is
// (other specs change stock and sales): every line is checked against the formats' rules, not
// against fixed counts.
test.use({ reducedMotion: "reduce", permissions: ["clipboard-read", "clipboard-write"] });

const FEEDS = [
  { name: "Google, en français", file: "google-fr.xml" },
  { name: "Google, en anglais", file: "google-en.xml" },
  { name: "Meta (Instagram, Facebook), en français", file: "meta-fr.csv" },
  { name: "Meta (Instagram, Facebook), en anglais", file: "meta-en.csv" },
];

test("the owner copies a feed's address from « Ma boutique », and the feed answers there", async ({
  page,
  baseURL,
}) => {
  await logInAsOwner(page);
  await openAdminPage(page, "/admin-boutique");
  const section = page.getByRole("region", { name: "Flux produits pour Google et Meta" });
  await expect(section).toBeVisible();
  for (const { name, file } of FEEDS) {
    await expect(section.getByLabel(name, { exact: true })).toHaveValue(`${baseURL}/flux/${file}`);
  }
  await expectNoAxeViolations(page);

  await section.getByRole("button", { name: "Copier l'adresse du flux Google, en français" }).click();
  await expect(page.getByText("Adresse copiée")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/flux/google-fr.xml`);

  // Google's feed, as Merchant Center fetches it from the address she copied.
  const google = await page.request.get(copied);
  expect(google.status()).toBe(200);
  expect(google.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await google.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/,
  );
  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, body = ""]) => body);
  expect(items.length).toBeGreaterThan(0);
  const field = (item: string, name: string) => new RegExp(`<g:${name}>([^<]*)</g:${name}>`).exec(item)?.[1];
  for (const item of items) {
    expect(field(item, "id")).toMatch(/^\S+$/);
    expect(field(item, "title")).toMatch(/^Sac banane /);
    expect(field(item, "link")).toMatch(new RegExp(`^${baseURL}/produit/`));
    expect(field(item, "image_link")).toMatch(new RegExp(`^${baseURL}/photos/[0-9a-f]{32}-\\d+\\.jpg$`));
    expect(field(item, "availability")).toMatch(/^(in_stock|out_of_stock|preorder)$/);
    expect(field(item, "price")).toMatch(/^\d+\.\d{2} EUR$/);
    expect(field(item, "condition")).toBe("new");
    expect(field(item, "identifier_exists")).toBe("no");
    expect(item).toContain("<g:shipping><g:country>FR</g:country>");
  }
  // A photo it names is a JPEG platforms can fetch (a launch drawing's raster cut).
  const cover = await page.request.get(field(items[0] ?? "", "image_link") ?? "");
  expect(cover.status()).toBe(200);
  expect(cover.headers()["content-type"]).toBe("image/jpeg");
  // Fetched again unchanged: a 304 for the copy it holds.
  const again = await page.request.get(copied, { headers: { "If-None-Match": google.headers().etag ?? "" } });
  expect([200, 304]).toContain(again.status());
  if (again.status() === 200) expect(again.headers().etag).not.toBe(google.headers().etag);

  // Meta's CSV in English.
  const meta = await page.request.get(
    await section.getByLabel(FEEDS[3]?.name ?? "", { exact: true }).inputValue(),
  );
  expect(meta.status()).toBe(200);
  expect(meta.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const [header, ...rows] = (await meta.text()).split("\r\n").filter(Boolean);
  expect(header).toMatch(
    /^"id","title","description","availability","availability_date","condition","price"/,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toContain(' fanny pack","');
});
