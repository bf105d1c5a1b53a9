/**
 * A real SMTP server for tests (smtp-server on a free port) that keeps every message it receives
 * and can refuse recipients or data, or hold its answer to a message until the test lets it go.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedEmail {
  raw: string;
  headers: Map<string, string>;
  /** The envelope's recipients. */
  to: string[];
  /** The user the client logged in as, if it did. */
  user?: string;
}

/** An SMTP reply the server sends instead of accepting, e.g. smtpError(451, "4.3.0 Try later"). */
export function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

export interface SmtpSink {
  /** smtp://127.0.0.1:port; `credentials` ("user:pass") are added when given. */
  url(credentials?: string): string;
  port: number;
  received: ReceivedEmail[];
  /** Answer RCPT TO with this error while set. */
  rejectRecipients?: Error;
  /** Answer the message's data with this error while set (it still counts as received). */
  rejectData?: Error;
  /** Awaited before the server answers a message, to hold its sender mid-send. */
  beforeAnswer?: (email: ReceivedEmail) => Promise<void>;
  /** Resolves once `count` messages have arrived in all. */
  waitFor(count: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const waiters: { count: number; resolve: (emails: ReceivedEmail[]) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    // No TLS in tests: the client would otherwise upgrade to the server's self-signed certificate.
    disabledCommands: ["STARTTLS"],
    closeTimeout: 1000,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onRcptTo: (_address, _session, callback) => callback(sink.rejectRecipients ?? null),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const email: ReceivedEmail = {
          raw,
          headers: parseHeaders(raw),
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user,
        };
        sink.received.push(email);
        for (const waiter of [...waiters]) {
          if (sink.received.length >= waiter.count) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve([...sink.received]);
          }
        }
        await sink.beforeAnswer?.(email);
        callback(sink.rejectData ?? null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const sink: SmtpSink = {
    port,
    url: (credentials) => `smtp://${credentials ? `${credentials}@` : ""}127.0.0.1:${port}`,
    received: [],
    waitFor(count) {
      if (sink.received.length >= count) return Promise.resolve([...sink.received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return sink;
}

/** The header block of a raw message, folded lines joined, names lower-cased, values decoded. */
export function parseHeaders(raw: string): Map<string, string> {
  const block = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

/**
 * Decodes RFC 2047 encoded words (=?UTF-8?B?…?= or =?UTF-8?Q?…?=). Adjacent words are joined
 * before decoding: a character's bytes may be split between two of them.
 */
export function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  return value.replace(/=\?[^?]+\?[BbQq]\?[^?]*\?=(?:\s+=\?[^?]+\?[BbQq]\?[^?]*\?=)*/g, (run) => {
    let charset = "utf-8";
    const bytes: Buffer[] = [];
    for (const [, set, encoding, text] of run.matchAll(word)) {
      charset = set as string;
      bytes.push(
        encoding?.toUpperCase() === "B"
          ? Buffer.from(text as string, "base64")
          : Buffer.from(
              (text as string)
                .replace(/_/g, " ")
                .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              "latin1",
            ),
      );
    }
    return new TextDecoder(charset).decode(Buffer.concat(bytes));
  });
}
