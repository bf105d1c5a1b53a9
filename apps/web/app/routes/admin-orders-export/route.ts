import type { LoaderFunctionArgs } from "@remix-run/node";
import { copy } from "@souls/core/admin-copy";
import { accountingFilename, isAccountingPeriod, MONTH_PATTERN, writeAccountingCsv } from "@souls/shop/admin";
import { adminSession } from "~/lib/admin-session.server";
import { db } from "~/lib/db.server";

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

  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let started: () => void = () => {};
  const begun = new Promise<void>((resolve) => {
    started = resolve;
  });
  const writing = writeAccountingCsv(db, period, async (chunk) => {
    if (request.signal.aborted) throw new Error("the download was dropped");
    started();
    await writer.ready;
    await writer.write(encoder.encode(chunk));
  });
  writing
    .then(
      () => writer.close(),
      (error: unknown) => {
        if (!request.signal.aborted) console.error("[accounting] export failed", error);
        return writer.abort(error);
      },
    )
    // The reader may have gone already: nothing is left to tell.
    .catch(() => {});
  // Until the first line, a failure (the database out of reach) is still an error answer.
  await Promise.race([begun, writing]);
  return new Response(readable, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${accountingFilename(period)}"`,
    },
  });
}
