/**
 * The guarantee notice's upload and its files on real PostgreSQL: the owner's session or nothing,
 * each refusal in French with its status and nothing stored, the file stored and served back byte
 * for byte with its type, `nosniff` and a year's cache under its hash, its removal.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pdfNamedJpg, smallPhoto, svgImage } from "@souls/shop/testing";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shopWithOwnerSession, TEST_ORIGIN } from "~/lib/owner-session.testing";
import { ADMIN_PAGES, ENDPOINTS, GUARANTEE_NOTICE_UPLOAD_PATH, routeTable } from "~/screens";

const shop = shopWithOwnerSession();
let action: (args: ActionFunctionArgs) => Promise<Response>;
let serve: (args: LoaderFunctionArgs) => Promise<Response>;

beforeAll(async () => {
  ({ action } = await import("./route"));
  ({ loader: serve } = await import("../guarantee-notice/route"));
});
beforeEach(async () => {
  await shop.t.db.deleteFrom("guaranteeNotices").execute();
});

type Part = [name: string, value: string | Blob, fileName?: string];

/** A post as « Ma boutique » sends it: multipart, with the owner's cookie unless told otherwise. */
function post(
  parts: Part[],
  {
    cookie = shop.ownerCookie,
    json = true,
    body,
    type,
  }: { cookie?: string; json?: boolean; body?: BodyInit; type?: string } = {},
) {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, fileName);
  }
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (json) headers.Accept = "application/json";
  if (type) headers["Content-Type"] = type;
  const request = new Request(`${TEST_ORIGIN}${GUARANTEE_NOTICE_UPLOAD_PATH}`, {
    method: "POST",
    headers,
    body: body ?? form,
  });
  return action({ request, params: {}, context: { socketAddress: "203.0.113.61" } });
}

const file = (bytes: Uint8Array, name: string, type: string): Part => [
  "notice",
  new Blob([new Uint8Array(bytes)], { type }),
  name,
];

const png = () => smallPhoto("#1f4e9c", "png", { width: 640, height: 360 });

async function refusal(answer: Response) {
  expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(answer.headers.get("Cache-Control")).toBe("no-store");
  return { status: answer.status, ...((await answer.json()) as { error: string }) };
}

const storedCount = async () =>
  Number(
    (
      await shop.t.db
        .selectFrom("guaranteeNotices")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

function get(name: string, headers: Record<string, string> = {}, method = "GET") {
  const request = new Request(`${TEST_ORIGIN}${ENDPOINTS.guaranteeNotices}/${name}`, { method, headers });
  return serve({ request, params: { "*": name }, context: {} });
}

describe("the guarantee notice's upload", () => {
  it("and its files are in the route table", () => {
    const table = routeTable();
    expect(table.find((route) => route.path === GUARANTEE_NOTICE_UPLOAD_PATH)?.module).toBe(
      "routes/admin-guarantee-notice/route.ts",
    );
    expect(table.find((route) => route.path === `${ENDPOINTS.guaranteeNotices}/*`)?.module).toBe(
      "routes/guarantee-notice/route.ts",
    );
  });

  it("answers 401 without the owner's session: JSON to the panel's script, the way to log in to a form", async () => {
    const bytes = await png();
    for (const cookie of ["", "admin_session=forged", `${shop.ownerCookie}x`]) {
      const parts: Part[] = [["intent", "upload"], ["locale", "fr"], file(bytes, "avis.png", "image/png")];
      expect(await refusal(await post(parts, { cookie }))).toEqual({
        status: 401,
        error: "Session expirée : reconnectez-vous.",
      });
      const page = await post(parts, { cookie, json: false });
      expect(page.status).toBe(401);
      expect(await page.text()).toContain(`<a href="${ADMIN_PAGES.home}">Se reconnecter</a>`);
    }
    expect(await storedCount()).toBe(0);
  });

  it("stores the PNG unchanged and serves it back with its type, nosniff and a year's cache", async () => {
    const bytes = await png();
    const answer = await post([["intent", "upload"], ["locale", "fr"], file(bytes, "avis.png", "image/png")]);
    expect(answer.status).toBe(201);
    const { notice } = (await answer.json()) as { notice: { name: string; width: number; height: number } };
    expect(notice).toMatchObject({ width: 640, height: 360 });
    expect(notice.name).toMatch(/^[0-9a-f]{32}\.png$/);

    const served = await get(notice.name);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), bytes)).toBe(0);
    // A browser holding it asks again by its name: nothing read.
    expect((await get(notice.name, { "If-None-Match": `"${notice.name}"` })).status).toBe(304);
    expect(await (await get(notice.name, {}, "HEAD")).arrayBuffer()).toHaveProperty("byteLength", 0);
  });

  it("serves a PDF inline as a PDF, and answers 404 to any other name", async () => {
    const answer = await post([
      ["intent", "upload"],
      ["locale", "en"],
      file(pdfNamedJpg(), "notice.pdf", "application/pdf"),
    ]);
    const { notice } = (await answer.json()) as { notice: { name: string } };
    const served = await get(notice.name);
    expect(served.headers.get("Content-Type")).toBe("application/pdf");
    expect(served.headers.get("Content-Disposition")).toBe(`inline; filename="${notice.name}"`);
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), pdfNamedJpg())).toBe(0);
    for (const name of [
      `${"0".repeat(32)}.pdf`,
      "../../etc/passwd",
      `${notice.name.slice(0, -4)}.png`,
      "x.svg",
    ]) {
      const missing = await get(name);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("refuses an SVG, a file too heavy, no file, two files, a bad language or intent, in French, storing nothing", async () => {
    const bytes = await png();
    const base: Part[] = [
      ["intent", "upload"],
      ["locale", "fr"],
    ];
    expect(await refusal(await post([...base, file(svgImage(), "avis.png", "image/png")]))).toEqual({
      status: 415,
      error: "Seuls les fichiers PNG, JPEG, WebP ou PDF sont acceptés (un SVG ne l'est pas).",
    });
    const heavy = new Uint8Array(5 * 1024 * 1024 + 1);
    heavy.set(bytes);
    expect(await refusal(await post([...base, file(heavy, "avis.png", "image/png")]))).toMatchObject({
      status: 413,
      error: expect.stringMatching(/5 Mo/),
    });
    expect(await refusal(await post(base))).toEqual({
      status: 400,
      error: "Choisissez le fichier de l'avis.",
    });
    expect(
      (
        await refusal(
          await post([...base, file(bytes, "a.png", "image/png"), file(bytes, "b.png", "image/png")]),
        )
      ).status,
    ).toBe(400);
    expect(
      await refusal(await post([["intent", "upload"], ["locale", "de"], file(bytes, "a.png", "image/png")])),
    ).toEqual({ status: 400, error: "Choisissez la langue de l'avis : français ou anglais." });
    expect(
      (
        await refusal(
          await post([
            ["intent", "delete"],
            ["locale", "fr"],
          ]),
        )
      ).status,
    ).toBe(400);
    expect((await refusal(await post([], { body: "garbage", type: "text/plain" }))).status).toBe(400);
    expect(
      (await refusal(await post([], { body: "--x\r\ngarbage", type: "multipart/form-data; boundary=x" })))
        .status,
    ).toBe(400);
    expect(await storedCount()).toBe(0);
  });

  it("answers a form without JavaScript with « Ma boutique », or a page that says why in French", async () => {
    const saved = await post(
      [["intent", "upload"], ["locale", "fr"], file(await png(), "avis.png", "image/png")],
      {
        json: false,
      },
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/admin-boutique?avis=saved#avis-garantie");
    const refused = await post(
      [["intent", "upload"], ["locale", "en"], file(svgImage(), "a.svg", "image/svg+xml")],
      {
        json: false,
      },
    );
    expect(refused.status).toBe(415);
    expect(refused.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await refused.text()).toContain("un SVG ne l&#39;est pas");
    const removed = await post(
      [
        ["intent", "remove"],
        ["locale", "fr"],
      ],
      { json: false },
    );
    expect(removed.headers.get("Location")).toBe("/admin-boutique?avis=removed#avis-garantie");
    expect(await storedCount()).toBe(0);
  });
});
