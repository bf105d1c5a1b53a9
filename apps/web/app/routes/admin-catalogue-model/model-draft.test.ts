/** The editor's draft: what follows what is stored, how a refused field is found and named. */
import { EMPTY_MODEL_TEXTS } from "@souls/core/catalogue-rules";
import { describe, expect, it } from "vitest";
import {
  editorPath,
  fieldLabel,
  type GalleryPhoto,
  inputId,
  isDirty,
  type ModelDraft,
  rebase,
  refusedFields,
  saveInputOf,
} from "./model-draft";

const photos = [
  { id: 41, alt: { fr: "", en: "" } },
  { id: 57, alt: { fr: "Dos", en: "Back" } },
] as GalleryPhoto[];

const draft = (part: Partial<ModelDraft> = {}): ModelDraft => ({
  name: "Zora",
  reference: "ZORA-01",
  seriesId: "2",
  price: "169.00",
  fr: { ...EMPTY_MODEL_TEXTS, segment: "sac-banane-zora" },
  en: { ...EMPTY_MODEL_TEXTS, segment: "zora-fanny-pack" },
  alts: { "41": { fr: "", en: "" }, "57": { fr: "Dos", en: "Back" } },
  ...part,
});

describe("the model's draft", () => {
  it("keeps her words where she typed and follows what is stored everywhere else", () => {
    const before = draft();
    const mine = draft({
      fr: { ...before.fr, tagline: "Ses mots" },
      alts: { ...before.alts, "41": { fr: "Face", en: "" } },
    });
    // A sale moved the price, a photo left, another tab changed the English words.
    const now = draft({
      price: "139.00",
      en: { ...before.en, tagline: "Other words" },
      alts: { "41": { fr: "", en: "" } },
    });
    const next = rebase(mine, before, now);
    expect(next.fr.tagline).toBe("Ses mots");
    expect(next.alts).toEqual({ "41": { fr: "Face", en: "" } });
    expect(next.price).toBe("139.00");
    expect(next.en.tagline).toBe("Other words");
    expect(isDirty(next, now)).toBe(true);
    expect(isDirty(rebase(before, before, now), now)).toBe(false);
  });

  it("sends the whole model, photos' words in gallery order, or says the price is no price", () => {
    const sent = saveInputOf(12, draft({ price: "169,5" }), photos);
    expect(sent).toMatchObject({
      input: {
        id: 12,
        price: 169.5,
        seriesId: 2,
        photos: [
          { id: 41, altFr: "", altEn: "" },
          { id: 57, altFr: "Dos", altEn: "Back" },
        ],
      },
    });
    expect(saveInputOf(12, draft({ price: "cent" }), photos)).toEqual({ priceRefused: true });
    expect(saveInputOf(12, draft({ seriesId: "" }), photos)).toMatchObject({ input: { seriesId: null } });
  });

  it("finds each refused field by the editor's path, its id and its French name", () => {
    expect(editorPath("photos.1.altEn", photos)).toBe("alt.57.en");
    expect(editorPath("photo.1.altFr", photos)).toBe("alt.41.fr");
    expect(editorPath("texts.en.tagline", photos)).toBe("texts.en.tagline");
    expect(inputId("texts.en.materials.fabric")).toBe("model-texts-en-materials-fabric");
    expect(inputId("alt.57.en")).toBe("model-alt-57-en");
    expect(fieldLabel("texts.en.tagline", photos)).toBe("Accroche (anglais)");
    expect(fieldLabel("texts.fr.faq.0.answer", photos)).toBe("Réponse 1 (français)");
    expect(fieldLabel("texts.fr.materials.lining", photos)).toBe("Doublure (français)");
    expect(fieldLabel("texts.en.segment", photos)).toBe("Fin de l'adresse (anglais)");
    expect(fieldLabel("alt.57.en", photos)).toBe("Description (anglais), photo 2");
    expect(
      refusedFields(
        {
          name: [{ key: "admin:input.required", values: {} }],
          "texts.fr.tagline": [{ key: "admin:input.tooLong", values: { max: 120 } }],
          "photos.0.altFr": [{ key: "admin:input.publishedNeeds", values: {} }],
        },
        photos,
      ),
    ).toEqual({
      name: "Champ obligatoire",
      "texts.fr.tagline": "120 caractères au plus",
      "alt.41.fr": "Obligatoire tant que le modèle est en ligne",
    });
  });
});
