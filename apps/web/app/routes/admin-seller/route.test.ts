/**
 * « Ma boutique »'s form posted without JavaScript, on real PostgreSQL: the owner's session or
 * the login page; garbage and what a legal form does not have refused with French messages under
 * their fields, writing nothing; a good identity saved.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { loadSeller, SELLER_FIELDS } from "@souls/shop/seller";
import { MICRO_SELLER } from "@souls/shop/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { shopWithOwnerSession } from "~/lib/owner-session.testing";

const shop = shopWithOwnerSession();
let action: (args: ActionFunctionArgs) => Promise<unknown>;

beforeAll(async () => {
  ({ action } = (await import("./route")) as unknown as { action: typeof action });
});

/** A redirect (a Response), or a refusal as the action returns it (`data()`: its init and data). */
interface Answer {
  status: number;
  headers: Headers;
  init?: { status?: number };
  data?: unknown;
}

/** The form as the browser posts it; every answer, a thrown redirect included. */
async function post(fields: Record<string, string>, cookie = shop.ownerCookie) {
  const body = new URLSearchParams(fields);
  const request = new Request("https://souls.example/admin-boutique", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
  try {
    const answer = await action({ request, params: {}, context: { socketAddress: "203.0.113.61" } });
    return answer as Answer;
  } catch (thrown) {
    return thrown as Answer;
  }
}

const micro = Object.fromEntries(SELLER_FIELDS.map((field) => [field, MICRO_SELLER[field] ?? ""]));

describe("« Ma boutique » without JavaScript", () => {
  it("sends whoever has no session to the login page, saving nothing", async () => {
    const before = await loadSeller(shop.t.db);
    for (const cookie of ["", "admin_session=forged"]) {
      const answer = await post(micro, cookie);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/admin");
    }
    expect(await loadSeller(shop.t.db)).toEqual(before);
  });

  it("refuses garbage and what her legal form does not have, in French under each field, writing nothing", async () => {
    const before = await loadSeller(shop.t.db);
    const answer = await post({
      ...micro,
      shareCapital: "1 000 €",
      rcsCity: "Paris",
      legalForm: "ei",
      siren: "123456789",
      email: "zora",
      register: "x".repeat(5000),
      brand: "<b>SOULS</b>",
    });
    expect(answer.init?.status).toBe(400);
    const refusal = answer.data as { errors: Record<string, string>; values: Record<string, string> };
    expect(refusal.errors).toEqual({
      shareCapital: "Un entrepreneur individuel n'a pas de capital social : laissez ce champ vide",
      siren: "SIREN : 9 chiffres, dont le dernier est une clé de contrôle (voir votre extrait Kbis)",
      email: "Adresse e-mail non valide",
      register: "3 caractères au plus",
      brand: "Texte simple, sans les signes < et >",
    });
    expect(refusal.values.shareCapital).toBe("1 000 €");
    expect(refusal.values.register).toHaveLength(2000);
    const unknownForm = await post({ ...micro, legalForm: "SA" });
    expect((unknownForm.data as { errors: object }).errors).toEqual({
      legalForm: "Forme juridique : choisissez-la dans la liste (EI, EURL, SARL, SAS ou SASU)",
    });
    const noRcsCity = await post({ ...micro, rcsCity: "Paris" });
    expect((noRcsCity.data as { errors: object }).errors).toEqual({
      rcsCity: "Pas de greffe pour une immatriculation au RNE seul : laissez ce champ vide",
    });
    expect(await loadSeller(shop.t.db)).toEqual(before);
  });

  it("saves a micro-entrepreneur's identity, a field the form did not show being not filled in", async () => {
    const { shareCapital: _, rcsCity: __, ...shown } = micro;
    const answer = await post(shown);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/admin-boutique");
    expect((await loadSeller(shop.t.db)).details).toEqual(MICRO_SELLER);
  });
});
