import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Locale } from "@souls/core/locales";
import nodemailer from "nodemailer";

/** One e-mail ready to leave, built from a queue row. */
export interface OutgoingEmail {
  /** The queue row it comes from: names the mailbox files, so a re-send overwrites them. */
  queueId: number;
  /** The mailbox files' name when not the queue row's (an announcement's message has its own). */
  mailboxName?: string;
  queuedAt: Date;
  /** Stable per row, so a message sent twice after a crash is recognisably the same one. */
  messageId: string;
  from: string;
  /** The seller's contact e-mail; undefined while « Ma boutique » has none. */
  replyTo?: string;
  to: string;
  locale: Locale;
  subject: string;
  html: string;
  text: string;
  /** A marketing e-mail's unsubscribe address, for its List-Unsubscribe headers (RFC 8058). */
  listUnsubscribe?: string;
}

/** Where e-mails go: an SMTP server or the local mailbox folder. */
export interface MailTransport {
  /** Said at start-up, e.g. "SMTP to smtp.example.com:587"; never shows credentials. */
  description: string;
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

function mailOptions(email: OutgoingEmail) {
  return {
    messageId: email.messageId,
    from: email.from,
    replyTo: email.replyTo,
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: {
      "Content-Language": email.locale,
      // One-click unsubscribe in the mail client (RFC 2369 + RFC 8058): it POSTs to the link.
      ...(email.listUnsubscribe
        ? {
            "List-Unsubscribe": `<${email.listUnsubscribe}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : {}),
    },
  };
}

/**
 * Sends through the SMTP server of `url` (smtp:// or smtps://). The timeouts keep a dead or silent
 * server from holding a message longer than its lease (see ./delivery.ts).
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
  });
  const { protocol, hostname, port } = new URL(url);
  const secure = protocol === "smtps:";
  return {
    description: `SMTP to ${hostname}:${port || (secure ? 465 : 587)}`,
    async send(email) {
      await transporter.sendMail(mailOptions(email));
    },
    close: () => transporter.close(),
  };
}

/** Writes a file so that a reader never sees half of it: a temporary name, then a rename. */
async function writeWhole(file: string, content: string | Buffer): Promise<void> {
  await writeFile(`${file}.part`, content);
  await rename(`${file}.part`, file);
}

/** A sortable, file-name-safe stamp: 2026-11-22T031504Z. */
const stamp = (date: Date) => date.toISOString().replace(/:|\.\d+/g, "");

/**
 * Writes each e-mail into `dir` as `{queued time}-{row id}.eml` (the raw message, openable in any
 * mail client) and `.html` (to read in the browser). Writing the same row again overwrites both.
 */
export function mailboxTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    description: `written to ${dir} (no SMTP_URL)`,
    async send(email) {
      const info = await transporter.sendMail(mailOptions(email));
      const file = path.join(dir, `${stamp(email.queuedAt)}-${email.mailboxName ?? email.queueId}`);
      await mkdir(dir, { recursive: true });
      // The .eml last: once it is there, the message is whole (each file appears at once).
      await writeWhole(`${file}.html`, email.html);
      await writeWhole(`${file}.eml`, info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}

export function createMailTransport(settings: { SMTP_URL?: string; mailboxDir: string }): MailTransport {
  return settings.SMTP_URL ? smtpTransport(settings.SMTP_URL) : mailboxTransport(settings.mailboxDir);
}
