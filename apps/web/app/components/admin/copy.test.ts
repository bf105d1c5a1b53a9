import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { adminText, copy } from "@souls/api/admin-words";
import { describe, expect, it } from "vitest";

const apiSources = fileURLToPath(new URL("../../../../../packages/api/src/", import.meta.url));

/** Every `admin:…` key the admin API and the login can answer with. */
function keysUsed(): string[] {
  const sources = readdirSync(apiSources)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => readFileSync(`${apiSources}${file}`, "utf8"));
  sources.push(readFileSync(fileURLToPath(new URL("../../routes/admin/route.tsx", import.meta.url)), "utf8"));
  // The seller's rules live with its use case (@souls/shop/seller); the API hands on their keys.
  sources.push(
    readFileSync(new URL("../../../../../packages/shop/src/seller/rules.ts", import.meta.url), "utf8"),
  );
  return [...new Set(sources.flatMap((source) => source.match(/admin:\w+(?:\.\w+)+/g) ?? []))];
}

describe("the admin's dictionary", () => {
  it("has French words for every message key of the API's inputs and the login", () => {
    const keys = keysUsed();
    expect(keys.length).toBeGreaterThan(20);
    const missing = keys.filter(
      (key) => adminText(key, { min: 1, max: 2, n: 3 }) === copy.common.technicalError,
    );
    expect(missing).toEqual([]);
  });

  it("says in French what is wrong with a SIREN, a VAT number or a link of the seller's", () => {
    expect(adminText("admin:input.sirenInvalid")).toMatch(/^SIREN : 9 chiffres/);
    expect(adminText("admin:input.vatNotSiren")).toMatch(/ne contient pas le SIREN/);
    expect(adminText("admin:input.httpsUrl")).toMatch(/https:\/\//);
  });

  it("fills a message's bound and counts where it is asked to", () => {
    expect(adminText("admin:input.tooLong", { max: 120 })).toBe("120 caractères au plus");
    expect(adminText("admin:login.throttled", { n: 1 })).toMatch(/dans 1 seconde\.$/);
    expect(adminText("admin:login.throttled", { n: 30 })).toMatch(/dans 30 secondes\.$/);
  });

  it("shows a generic sentence for a key it does not know, never the key", () => {
    expect(adminText("admin:input.noSuchMessage")).toBe(copy.common.technicalError);
  });
});
