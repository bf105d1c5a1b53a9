import {
  type ActionFunctionArgs,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { copy } from "@souls/api/admin-words";
import {
  GUARANTEE_NOTICE_LIMITS,
  NoticeRefusedError,
  noticeFormSchema,
  removeGuaranteeNotice,
  saveGuaranteeNotice,
} from "@souls/shop/guarantee-notice";
import { adminSession } from "~/lib/admin-session.server";
import { db } from "~/lib/db.server";
import { ADMIN_PAGES } from "~/screens";

const TEXT = copy.guaranteeNotice;
type Refusal = keyof typeof TEXT.refused;

/** Where « Ma boutique » shows this form, and what it says after a post without JavaScript. */
export const NOTICE_SECTION = "avis-garantie";
export const noticeDonePath = (done: "saved" | "removed") =>
  `${ADMIN_PAGES.seller}?avis=${done}#${NOTICE_SECTION}`;

const STATUS: Partial<Record<Refusal, number>> = { tooHeavy: 413, format: 415, busy: 429 };

/** The panel's script asks for JSON; a form posted without JavaScript gets pages. */
const wantsJson = (request: Request) => request.headers.get("Accept")?.includes("application/json") === true;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A refusal in French: `{ error }` to the panel's script, or a small page with the message and
 * the way back (« Ma boutique », or the login page) for a form posted without JavaScript.
 */
function answerRefusal(
  request: Request,
  status: number,
  message: string,
  back: { href: string; label: string },
  headers: Record<string, string> = {},
): Response {
  const common = { "Cache-Control": "no-store", ...headers };
  if (wantsJson(request)) return Response.json({ error: message }, { status, headers: common });
  const page = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(TEXT.refusedTitle)}</title></head><body><main><h1>${escapeHtml(TEXT.refusedTitle)}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p></main></body></html>`;
  return new Response(page, { status, headers: { ...common, "Content-Type": "text/html; charset=utf-8" } });
}

const refused = (request: Request, reason: Refusal, headers?: Record<string, string>) =>
  answerRefusal(
    request,
    STATUS[reason] ?? 400,
    TEXT.refused[reason],
    { href: `${ADMIN_PAGES.seller}#${NOTICE_SECTION}`, label: TEXT.backToShop },
    headers,
  );

/** Two notice uploads at once on a server (each holds up to 5 MB while it is read). */
const AT_ONCE = 2;
let running = 0;

class MalformedUpload extends Error {}

async function readNoticeForm(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type")?.toLowerCase() ?? "";
  if (type.startsWith("multipart/form-data")) {
    return unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: GUARANTEE_NOTICE_LIMITS.maxBytes }),
    ).catch((error: unknown) => {
      if (error instanceof MaxPartSizeExceededError) throw new NoticeRefusedError("tooHeavy");
      throw new MalformedUpload();
    });
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return request.formData().catch(() => {
      throw new MalformedUpload();
    });
  }
  throw new MalformedUpload();
}

/**
 * The guarantee notice of a language, from « Ma boutique »: `intent=upload` with one `notice`
 * file (multipart), or `intent=remove`, and its `locale`. The owner's session first (401, with
 * the way to the login page), then a slot, and only then the body is read, the file held in
 * memory up to 5 MB (server.mjs refuses a larger body first). The file is judged by its bytes
 * and stored unchanged (@souls/shop/guarantee-notice); its table's trigger empties the kept pages.
 * Cross-site posts never get here (server.mjs checks Origin; the session cookie is SameSite=Strict).
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await adminSession(request);
  // Before the body is read: a 401, with the way to the login page for a form.
  if (!session) {
    return answerRefusal(request, 401, copy.common.sessionExpired, {
      href: ADMIN_PAGES.home,
      label: TEXT.logIn,
    });
  }
  if (request.method !== "POST") return refused(request, "malformed", { Allow: "POST" });
  if (running >= AT_ONCE) return refused(request, "busy", { "Retry-After": "5" });
  running += 1;
  try {
    const form = await readNoticeForm(request);
    const fields = noticeFormSchema.safeParse({ intent: form.get("intent"), locale: form.get("locale") });
    if (!fields.success) {
      const first = fields.error.issues[0]?.path[0];
      return refused(request, first === "locale" ? "locale" : "intent");
    }
    const { intent, locale } = fields.data;
    if (intent === "remove") {
      await removeGuaranteeNotice(db, locale);
      return wantsJson(request)
        ? Response.json({ removed: locale }, { headers: { "Cache-Control": "no-store" } })
        : redirect(noticeDonePath("removed"), { status: 303, headers: { "Cache-Control": "no-store" } });
    }
    const files = form.getAll("notice");
    if (files.length > 1) return refused(request, "oneFile");
    const [file] = files;
    if (!(file instanceof Blob)) return refused(request, "noFile");
    const notice = await saveGuaranteeNotice(db, {
      locale,
      bytes: new Uint8Array(await file.arrayBuffer()),
      by: "admin",
    });
    return wantsJson(request)
      ? Response.json({ notice }, { status: 201, headers: { "Cache-Control": "no-store" } })
      : redirect(noticeDonePath("saved"), { status: 303, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof MalformedUpload) return refused(request, "malformed");
    if (error instanceof NoticeRefusedError) return refused(request, error.reason);
    throw error;
  } finally {
    running -= 1;
  }
}

/** Only posts: « Ma boutique » is where the notice is seen. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
