import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { productHistory } from "../../product-history";
import { changeModelAddress } from "./addresses";
import { AddressTakenError, CatalogueRefusedError } from "./errors";
import { createModel, publishModel } from "./models";
import { modelDetail } from "./overview";
import { createSeries } from "./series";
import { completeTexts, insertDescribedPhoto } from "./testing";
import { updateModelTexts } from "./texts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());
beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("products").execute();
  await seedProducts(t.db);
});

const idOf = async (slug: string) =>
  (await t.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
const pathOf = async (productId: number, locale: "fr" | "en") =>
  (
    await t.db
      .selectFrom("productTexts")
      .select("path")
      .where("productId", "=", productId)
      .where("locale", "=", locale)
      .executeTakeFirstOrThrow()
  ).path;
const retired = (productId: number) =>
  t.db
    .selectFrom("productPaths")
    .select(["path", "locale"])
    .where("productId", "=", productId)
    .orderBy("path")
    .execute();

async function publishedZora() {
  const series = await createSeries(t.db, { titleFr: "Deuxième série", titleEn: "Second series" });
  const zora = await createModel(t.db, { name: "Zora", priceCents: 17900, seriesId: series.id });
  await updateModelTexts(t.db, zora.id, "fr", completeTexts("fr"));
  await updateModelTexts(t.db, zora.id, "en", completeTexts("en"));
  await insertDescribedPhoto(t.db, zora.id);
  await publishModel(t.db, zora.id);
  return zora.id;
}

describe("a model's address", () => {
  it("changes in one language, the old one kept as retired (it answers 301 for ever), with a line in the history", async () => {
    const zora = await publishedZora();
    const change = await changeModelAddress(t.db, zora, "en", "zora-jacquard-belt-bag");
    expect(change).toEqual({
      path: "/en/product/zora-jacquard-belt-bag",
      retired: "/en/product/zora-fanny-pack",
    });
    expect(await pathOf(zora, "en")).toBe("/en/product/zora-jacquard-belt-bag");
    expect(await pathOf(zora, "fr")).toBe("/produit/sac-banane-zora");
    expect(await retired(zora)).toEqual([{ path: "/en/product/zora-fanny-pack", locale: "en" }]);
    expect((await productHistory(t.db, zora))[0]).toMatchObject({
      kind: "address_changed",
      fromValue: "/en/product/zora-fanny-pack",
      toValue: "/en/product/zora-jacquard-belt-bag",
    });
    expect((await modelDetail(t.db, zora)).texts.en.segment).toBe("zora-jacquard-belt-bag");
  });

  it("is refused when another model has it now, naming that model, and nothing changes", async () => {
    const zora = await publishedZora();
    const refusal = await changeModelAddress(t.db, zora, "fr", "sac-banane-aicha").catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AddressTakenError);
    expect(refusal).toMatchObject({
      path: "/produit/sac-banane-aicha",
      holder: { name: "Aicha", reference: "Aicha-01" },
    });
    expect(await pathOf(zora, "fr")).toBe("/produit/sac-banane-zora");
    expect(await retired(zora)).toEqual([]);
  });

  it("is refused when another model had it before: a retired address stays its model's", async () => {
    const nadia = await idOf("nadia");
    await changeModelAddress(t.db, nadia, "fr", "sac-banane-nadia-jacquard");
    const zora = await publishedZora();
    await expect(changeModelAddress(t.db, zora, "fr", "sac-banane-nadia")).rejects.toMatchObject({
      holder: { name: "Nadia", retired: true },
    });
    // Its own model takes it back: current again, no longer a redirection.
    await changeModelAddress(t.db, nadia, "fr", "sac-banane-nadia");
    expect(await pathOf(nadia, "fr")).toBe("/produit/sac-banane-nadia");
    expect(await retired(nadia)).toEqual([{ path: "/produit/sac-banane-nadia-jacquard", locale: "fr" }]);
  });

  it("of a draft never published leaves no trace: nobody could have linked to it", async () => {
    const draft = await createModel(t.db, { name: "Lina", priceCents: 100 });
    await changeModelAddress(t.db, draft.id, "fr", "sac-banane-lina-brode");
    expect(await retired(draft.id)).toEqual([]);
    const other = await createModel(t.db, { name: "Autre", priceCents: 100 });
    await changeModelAddress(t.db, other.id, "fr", "sac-banane-lina");
    expect(await pathOf(other.id, "fr")).toBe("/produit/sac-banane-lina");
  });

  it("is the owner's last segment only: lower-case letters, digits and single hyphens, 3 to 80", async () => {
    const zora = await publishedZora();
    for (const segment of [
      "Zora",
      "ab",
      "x".repeat(81),
      "zora--bag",
      "-zora",
      "zora/../admin",
      "zöra",
      "zora bag",
      "",
    ]) {
      await expect(changeModelAddress(t.db, zora, "en", segment)).rejects.toMatchObject(
        new CatalogueRefusedError("address_format", 0, "en"),
      );
    }
    expect(await pathOf(zora, "en")).toBe("/en/product/zora-fanny-pack");
    await changeModelAddress(t.db, zora, "en", "x".repeat(80));
    expect(await pathOf(zora, "en")).toBe(`/en/product/${"x".repeat(80)}`);
  });

  it("goes to one model when two ask for it at once", async () => {
    const [a, b] = await Promise.all([
      createModel(t.db, { name: "Alpha", priceCents: 100 }),
      createModel(t.db, { name: "Beta", priceCents: 100 }),
    ]);
    const results = await Promise.allSettled(
      [a, b].map((model) => changeModelAddress(t.db, model?.id ?? 0, "fr", "sac-banane-unique")),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")?.reason).toBeInstanceOf(AddressTakenError);
  });
});
