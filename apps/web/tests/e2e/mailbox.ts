import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "@playwright/test";

/**
 * The e-mails the worker delivered during the run: with no SMTP server it writes each message to
 * MAILBOX_DIR (one .eml and one .html per message), where the shop owner would read them.
 */
const mailbox = () => {
  const dir = process.env.MAILBOX_DIR;
  if (!dir) throw new Error("MAILBOX_DIR is not set: run the e2e suite through `npm run e2e`");
  return dir;
};

/** Each delivered message: the raw message (headers included) and its HTML part. */
async function messages(): Promise<{ raw: string; html: string }[]> {
  // With the folders of the Stripe shops' workers (stripe/stripe-shop.ts).
  const names = await readdir(mailbox(), { recursive: true }).catch(() => [] as string[]);
  const read = (name: string) => readFile(join(mailbox(), name), "utf8").catch(() => "");
  return Promise.all(
    names
      .filter((name) => name.endsWith(".eml"))
      .map(async (name) => ({ raw: await read(name), html: await read(name.replace(/\.eml$/, ".html")) })),
  );
}

/**
 * Waits for the worker to deliver the e-mail that mentions `text` (in its headers, e.g. the
 * recipient, or in its HTML) — and `alsoText` too when given — and returns its HTML.
 */
export async function deliveredEmail(text: string, alsoText?: string): Promise<string> {
  let found: string | undefined;
  const mentions = (message: { raw: string; html: string }, wanted: string) =>
    message.raw.includes(wanted) || message.html.includes(wanted);
  await expect
    .poll(
      async () => {
        found = (await messages()).find(
          (message) => message.html && mentions(message, text) && (!alsoText || mentions(message, alsoText)),
        )?.html;
        return Boolean(found);
      },
      { message: `an e-mail mentioning ${text} ${alsoText ?? ""} in ${mailbox()}`, timeout: 30_000 },
    )
    .toBe(true);
  return found as string;
}

/** The first link of a delivered e-mail's HTML whose address contains `part`, unescaped. */
export function linkIn(html: string, part: string): string {
  const link = [...html.matchAll(/href="([^"]+)"/g)]
    .map((match) => match[1] ?? "")
    .find((href) => href.includes(part));
  if (!link) throw new Error(`no link containing ${part} in the e-mail`);
  return link.replace(/&amp;/g, "&");
}

/**
 * The tracking link of an order's e-mail to the shopper, token included (the owner's notice of
 * the same order names it too, without such a link).
 */
export async function trackingLinkFor(orderNumber: string): Promise<string> {
  const html = await deliveredEmail(orderNumber, "?token=");
  const link = html.match(/href="([^"]*(?:suivi-commande|track-order)\?token=[^"]+)"/)?.[1];
  if (!link) throw new Error(`no tracking link in the e-mail of ${orderNumber}`);
  return link.replace(/&amp;/g, "&");
}
