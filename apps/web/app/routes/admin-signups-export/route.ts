import type { LoaderFunctionArgs } from "@remix-run/node";
import { copy } from "@souls/api/admin-words";
import { SIGNUP_LISTS, type SignupList } from "@souls/core/signups";
import { writeSignupsCsv } from "@souls/shop/admin";
import { adminSession } from "~/lib/admin-session.server";
import { db } from "~/lib/db.server";
import { streamedText } from "~/lib/streamed-text.server";

const NO_STORE = { "Cache-Control": "no-store" };

const refused = (status: number, message: string) =>
  new Response(message, { status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The confirmed addresses of a sign-up list (`?list=newsletter|early|backInStock`, or every list)
 * for the owner's mailing tool, each with its proof of consent: a CSV written as PostgreSQL hands
 * the rows over, for the owner alone.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await adminSession(request))) return refused(401, copy.common.sessionExpired);
  const asked = new URL(request.url).searchParams.get("list");
  if (asked !== null && !(asked in SIGNUP_LISTS)) return refused(400, copy.input.signupList);
  const list = (asked ?? undefined) as SignupList | undefined;
  const date = new Date().toISOString().slice(0, 10);
  return streamedText(
    request,
    (write) => writeSignupsCsv(db, list, write, { ...copy.signups.csv, lists: copy.labels.signupList }),
    {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="souls-inscriptions-${list ?? "toutes"}-${date}.csv"`,
    },
    "[signups] export failed",
  );
}
