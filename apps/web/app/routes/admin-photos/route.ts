import {
  type ActionFunctionArgs,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { ruleAnswer } from "@souls/api";
import { copy } from "@souls/api/admin-words";
import { PhotoRefusedError } from "@souls/shop/errors";
import { setArticleCover } from "@souls/shop/magazine";
import { addPhoto, PHOTO_LIMITS, saveHeroPictureDraft, setSeriesPicture } from "@souls/shop/photos";
import { adminSession } from "~/lib/admin-session.server";
import { db } from "~/lib/db.server";
import { takeUploadSlot } from "./upload-slots.server";

const TEXT = copy.photos;

const answer = (status: number, body: object, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
const refused = (status: number, error: string, headers?: Record<string, string>) =>
  answer(status, { error }, headers);

/** A rule of the shop's as the panel shows it (the API's French words and status). */
function ruleRefusal(cause: unknown): Response {
  const rule = ruleAnswer(cause);
  if (!rule) throw cause;
  return refused(rule.status, rule.message);
}

/**
 * One photo of a model from the owner's panel (PhotoManager): `multipart/form-data` with one
 * `photo` file, its `productId` and, if she typed them, `altFr`/`altEn`. The owner's session
 * first, then a slot (two uploads at once per session), and only then the body is read, each
 * part held in memory up to 25 MB (server.mjs refused a larger body before the app). Answers
 * 201 `{ photo }` or `{ error }` in French; with a `seriesId` instead, the series' picture (201
 * `{ picture }`, replacing the one it had), or with an `articleId` an article's cover (201
 * `{ cover }`), or with `hero` the home page's hero picture as her draft (201 `{ picture }`,
 * decision 051); the photo is judged by its bytes (@souls/shop/photos).
 * Cross-site posts never get here (server.mjs checks Origin; the session cookie is SameSite=Strict).
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await adminSession(request);
  if (!session) return refused(401, copy.common.sessionExpired);
  if (request.method !== "POST") return refused(405, TEXT.malformed, { Allow: "POST" });
  if (!request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data")) {
    return refused(415, TEXT.malformed);
  }
  const slot = takeUploadSlot(session.sessionIdHash);
  if (!slot) return refused(429, TEXT.busy, { "Retry-After": "5" });
  try {
    const form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: PHOTO_LIMITS.maxBytes }),
    ).catch((error: unknown) => {
      if (error instanceof MaxPartSizeExceededError) throw new PhotoRefusedError("too_heavy");
      // A body cut short or not multipart after all: nothing to judge.
      throw new MalformedUpload();
    });
    const files = form.getAll("photo");
    if (files.length > 1) return refused(400, TEXT.oneFile);
    const [file] = files;
    if (!(file instanceof Blob)) return refused(400, TEXT.noFile);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : undefined;
    };
    // The home page's hero picture, as her draft beside the words (decision 051): the same rules.
    if (form.has("hero")) {
      const state = await saveHeroPictureDraft(
        db,
        { bytes: new Uint8Array(await file.arrayBuffer()), altFr: text("altFr"), altEn: text("altEn") },
        session.name,
      );
      return answer(201, { picture: state.draft });
    }
    // A series' picture (the home page's hero) rather than a model's photo: the same rules.
    if (form.has("seriesId")) {
      const seriesId = idOf(form.get("seriesId"));
      if (seriesId === null) return refused(400, TEXT.unknownSeries);
      const picture = await setSeriesPicture(db, {
        seriesId,
        bytes: new Uint8Array(await file.arrayBuffer()),
        altFr: text("altFr"),
        altEn: text("altEn"),
      });
      return answer(201, { picture });
    }
    // An article's cover photo (decision 052): the same rules, replacing the one it had.
    if (form.has("articleId")) {
      const articleId = idOf(form.get("articleId"));
      if (articleId === null) return refused(400, TEXT.unknownArticle);
      const cover = await setArticleCover(db, { articleId, bytes: new Uint8Array(await file.arrayBuffer()) });
      return answer(201, { cover });
    }
    const productId = idOf(form.get("productId"));
    if (productId === null) return refused(400, TEXT.unknownModel);
    const photo = await addPhoto(db, {
      productId,
      bytes: new Uint8Array(await file.arrayBuffer()),
      altFr: text("altFr"),
      altEn: text("altEn"),
    });
    return answer(201, { photo });
  } catch (error) {
    if (error instanceof MalformedUpload) return refused(400, TEXT.malformed);
    return ruleRefusal(error);
  } finally {
    slot.release();
  }
}

class MalformedUpload extends Error {}

/** A database id as a form sends it, or null. */
function idOf(value: FormDataEntryValue | null): number | null {
  const id = typeof value === "string" && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : 0;
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Only posts: the panel never reads this address. */
export function loader() {
  return refused(405, TEXT.malformed, { Allow: "POST" });
}
