/**
 * The editor without JavaScript (issue 32): the page is rendered with the model as stored, and
 * its one « Enregistrer » posts the whole form here. A refused save answers with what she typed
 * and each field's refusal (the form shows them again, nothing lost); a saved one goes back to
 * the page (303). The same procedure as with JavaScript (catalogue.save), the same session.
 */
import { appRouter } from "@souls/api";
import { FAQ_LIMITS, MODEL_MATERIAL_NAMES, MODEL_TEXT_FIELD_NAMES } from "@souls/core/catalogue-rules";
import { LOCALES, type Locale } from "@souls/core/locales";
import { getTRPCErrorShape, TRPCError } from "@trpc/server";
import type { ownerApi } from "~/lib/owner-api.server";
import type { GalleryPhoto, LanguageDraft, ModelDraft, ReturnedSave, SaveInput } from "./model-draft";
import type { ModelDetail } from "./types";

/** The form as posted, in the editor's shape (a field missing from the post is empty). */
export function draftFromForm(form: FormData, detail: ModelDetail, photos: GalleryPhoto[]): ModelDraft {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const language = (locale: Locale): LanguageDraft => {
    const at = (field: string) => `texts.${locale}.${field}`;
    const faq: LanguageDraft["faq"] = [];
    for (let index = 0; index < FAQ_LIMITS.items && form.has(at(`faq.${index}.question`)); index++) {
      faq.push({ question: get(at(`faq.${index}.question`)), answer: get(at(`faq.${index}.answer`)) });
    }
    return {
      ...(Object.fromEntries(MODEL_TEXT_FIELD_NAMES.map((field) => [field, get(at(field))])) as Record<
        (typeof MODEL_TEXT_FIELD_NAMES)[number],
        string
      >),
      materials: Object.fromEntries(
        MODEL_MATERIAL_NAMES.map((material) => [material, get(at(`materials.${material}`))]),
      ) as LanguageDraft["materials"],
      faq,
      segment: get(at("segment")),
    };
  };
  const [fr, en] = LOCALES.map(language) as [LanguageDraft, LanguageDraft];
  return {
    name: get("name"),
    reference: get("reference"),
    seriesId: form.has("seriesId")
      ? get("seriesId")
      : detail.model.seriesId === null
        ? ""
        : String(detail.model.seriesId),
    price: get("price"),
    fr,
    en,
    alts: Object.fromEntries(
      photos.map((photo) => [
        String(photo.id),
        { fr: get(`alt.${photo.id}.fr`), en: get(`alt.${photo.id}.en`) },
      ]),
    ),
  };
}

/** Saves, or answers the refusal as the client would have received it (its status too). */
export async function saveFromForm(
  api: Awaited<ReturnType<typeof ownerApi>>,
  input: SaveInput,
  values: ModelDraft,
): Promise<{ saved: true } | { saved: false; status: number; returned: ReturnedSave }> {
  try {
    await api.catalogue.save(input);
    return { saved: true };
  } catch (error) {
    if (
      !(error instanceof TRPCError) ||
      error.code === "INTERNAL_SERVER_ERROR" ||
      error.code === "UNAUTHORIZED"
    ) {
      throw error;
    }
    const shape = getTRPCErrorShape({
      config: appRouter._def._config,
      error,
      type: "mutation",
      path: "catalogue.save",
      input,
      ctx: undefined,
    });
    return {
      saved: false,
      status: shape.data.httpStatus,
      returned: {
        values,
        fieldErrors: (shape.data.zodError?.fieldErrors ?? {}) as ReturnedSave["fieldErrors"],
        message: shape.message,
      },
    };
  }
}
