import type { LoaderFunctionArgs } from "@remix-run/node";
import { copy } from "@souls/api/admin-words";
import { accountingFilename, isAccountingPeriod, MONTH_PATTERN, writeAccountingCsv } from "@souls/shop/admin";
import { adminSession } from "~/lib/admin-session.server";
import { db } from "~/lib/db.server";
import { streamedText } from "~/lib/streamed-text.server";

const NO_STORE = { "Cache-Control": "no-store" };
const TEXT = copy.accounting;

const refused = (status: number, message: string) =>
  new Response(message, { status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The accountant's CSV of a period (`?from=2026-01&to=2026-03`), for the owner alone: the plain GET
 * of the export form, answered as a download and written as PostgreSQL hands the rows over
 * (writeAccountingCsv), so a year of orders neither fills the server's memory nor holds other
 * requests back. A dropped download stops the reading.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await adminSession(request))) return refused(401, copy.common.sessionExpired);
  const query = new URL(request.url).searchParams;
  const period = { from: query.get("from") ?? "", to: query.get("to") ?? "" };
  if (!isAccountingPeriod(period)) {
    const monthsOnly = MONTH_PATTERN.test(period.from) && MONTH_PATTERN.test(period.to);
    return refused(400, monthsOnly ? TEXT.monthsOrder : TEXT.invalidMonth);
  }

  return streamedText(
    request,
    (write) => writeAccountingCsv(db, period, write),
    {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${accountingFilename(period)}"`,
    },
    "[accounting] export failed",
  );
}
