/**
 * « Textes du site » (decision 051): the page comes with her words already read, and its forms post
 * here, with or without JavaScript. Every change goes through the admin API's procedures
 * (`words.*`: the owner's role, zod's rules, the history under her name); a refused draft answers
 * 400 with each field's French message and what she typed, writing nothing.
 */
import { data } from "@remix-run/node";
import { appRouter } from "@souls/api";
import { adminText, copy } from "@souls/api/admin-words";
import { isLocale, type Locale } from "@souls/core/locales";
import { SHOP_WORD_NAMES, type ShopWord } from "@souls/core/shop-words";
import { getTRPCErrorShape, TRPCError } from "@trpc/server";
import { requireAdmin } from "~/lib/admin-session.server";
import { readForm } from "~/lib/form.server";
import { ownerApi } from "~/lib/owner-api.server";
import { defaultShopWords } from "~/lib/shop-words.server";
import { redirectWithToast, writtenToast } from "~/lib/toast.server";
import { changesOf } from "./changes";
import { wordsPagePath } from "./words-path";

const TEXT = copy.words;
const NO_STORE = { "Cache-Control": "no-store" };
const INTENTS = new Set(["draft", "publish", "drop", "heroAlt", "heroPublish", "heroDrop", "heroRemove"]);

/** The language of the page's address (`?langue=en`), French by default. */
export function languageOf(request: Request): Locale {
  const asked = new URL(request.url).searchParams.get("langue");
  return isLocale(asked) ? asked : "fr";
}

/** One language's words for the page: published, her draft, today's texts, the history. */
export async function wordsForPage(request: Request, context: unknown) {
  await requireAdmin(request);
  const locale = languageOf(request);
  const api = await ownerApi(request, context);
  const [state, defaults, hero] = await Promise.all([
    api.words.get({ locale }),
    defaultShopWords(locale),
    api.words.hero(),
  ]);
  return { locale, state, defaults, hero };
}

/** A refused draft: what she typed and each field's message, to show the form again. */
export interface WordsRefusal {
  message: string;
  values?: Partial<Record<ShopWord, string>>;
  errors?: Partial<Record<ShopWord, string>>;
}

function refused(error: unknown, path: string, input: unknown, values?: Record<ShopWord, string>) {
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
    path,
    input,
    ctx: undefined,
  });
  const errors: Partial<Record<ShopWord, string>> = {};
  const fieldErrors = (shape.data.zodError?.fieldErrors ?? {}) as Record<
    string,
    { key: string; values: object }[] | undefined
  >;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    // A text's refusal is named by its path under `texts` (`texts.storyText`) or by its own name.
    const name = SHOP_WORD_NAMES.find((one) => field === one || field === `texts.${one}`);
    const first = messages?.[0];
    if (name && first) errors[name] = adminText(first.key, first.values as Record<string, number>);
  }
  return data<WordsRefusal>(
    { message: Object.keys(errors).length > 0 ? TEXT.refused : shape.message, values, errors },
    { status: shape.data.httpStatus, headers: NO_STORE },
  );
}

/** « Enregistrer le brouillon », « Publier » or « Abandonner le brouillon », for one language. */
export async function wordsAction(request: Request, context: unknown) {
  // A body that is not a form is a 400 first; then the owner's session, or the login page.
  const form = await readForm(request);
  await requireAdmin(request);
  const locale = form.get("locale");
  const intent = form.get("intent");
  if (!isLocale(locale) || typeof intent !== "string" || !INTENTS.has(intent)) {
    return data<WordsRefusal>({ message: copy.errors.common.validation }, { status: 400, headers: NO_STORE });
  }
  const api = await ownerApi(request, context);
  const back = (message: string) =>
    redirectWithToast(wordsPagePath(locale), writtenToast("success", message));
  if (intent === "publish") {
    try {
      await api.words.publish({ locale });
    } catch (error) {
      return refused(error, "words.publish", { locale });
    }
    return back(TEXT.published);
  }
  // The home page's hero picture (both languages at once).
  if (intent === "heroPublish") {
    try {
      await api.words.publishHero();
    } catch (error) {
      return refused(error, "words.publishHero", undefined);
    }
    return back(copy.words.hero.publishedDone);
  }
  if (intent === "heroDrop") {
    await api.words.dropHeroDraft();
    return back(copy.words.hero.dropped);
  }
  if (intent === "heroRemove") {
    await api.words.removeHero();
    return back(copy.words.hero.removed);
  }
  if (intent === "heroAlt") {
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value.slice(0, 1_000) : "";
    };
    const input = { fr: text("altFr"), en: text("altEn") };
    try {
      await api.words.saveHeroAlt(input);
    } catch (error) {
      return refused(error, "words.saveHeroAlt", input);
    }
    return back(copy.words.hero.altSaved);
  }
  if (intent === "drop") {
    await api.words.dropDraft({ locale });
    return back(TEXT.dropped);
  }
  const values = Object.fromEntries(
    SHOP_WORD_NAMES.map((name) => {
      const value = form.get(name);
      // Bounded before anything reads it: the API refuses what is longer than a text may be.
      return [name, typeof value === "string" ? value.slice(0, 20_000) : ""];
    }),
  ) as Record<ShopWord, string>;
  const input = { locale, texts: changesOf(values, await defaultShopWords(locale)) };
  try {
    await api.words.saveDraft(input);
  } catch (error) {
    return refused(error, "words.saveDraft", input, values);
  }
  return back(TEXT.draftSaved);
}
