/**
 * The launch bench's browsers (bench/launch.mts), shared with its watcher's thread
 * (bench/launch-watcher.mts).
 */
import http from "node:http";
import { gunzipSync } from "node:zlib";

// HTTP as many browsers would: one connection each (a keep-alive pool as large as the crowd), a
// cookie jar per shopper, the client's address in X-Forwarded-For.

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  /** Milliseconds spent opening a new connection (0 on a kept-alive one). */
  connectMs: number;
}

/** A browser's user agent: the shop counts its audience for browsers only (decision 047). */
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly origin: string,
    readonly address: string,
    readonly agent: http.Agent,
  ) {}

  private cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private keep(headers: http.IncomingHttpHeaders) {
    for (const line of headers["set-cookie"] ?? []) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  request(method: "GET" | "POST", target: string, form?: Record<string, string>): Promise<Answer> {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const headers: Record<string, string> = {
      "X-Forwarded-For": this.address,
      "Accept-Encoding": "gzip",
      Accept: "text/html",
      "User-Agent": BROWSER,
    };
    const cookie = this.cookieHeader();
    if (cookie) headers.Cookie = cookie;
    if (body !== undefined) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers["Content-Length"] = String(Buffer.byteLength(body));
      headers.Origin = this.origin;
    }
    const begun = performance.now();
    let connectMs = 0;
    return new Promise((resolve) => {
      const req = http.request(
        new URL(target, this.origin),
        { method, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            this.keep(response.headers);
            const raw = Buffer.concat(chunks);
            const gzipped = response.headers["content-encoding"] === "gzip";
            let text: string | undefined;
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              // Read only when a shopper looks at it: decompressing every page cost the bench's
              // process, on the same cores as the shop, a third of a core.
              get body() {
                text ??= (gzipped ? gunzipSync(raw) : raw).toString("utf8");
                return text;
              },
              ms: performance.now() - begun,
              connectMs,
            });
          });
          response.on("error", () =>
            resolve({ status: 0, headers: {}, body: "", ms: performance.now() - begun, connectMs }),
          );
        },
      );
      req.on("socket", (socket) => {
        if (socket.connecting) socket.once("connect", () => (connectMs = performance.now() - begun));
      });
      req.setTimeout(60_000, () => req.destroy());
      req.on("error", () =>
        resolve({ status: 0, headers: {}, body: "", ms: performance.now() - begun, connectMs }),
      );
      req.end(body);
    });
  }

  /**
   * The live availability stream, as EventSource opens it: its own connection, held open. A
   * refusal (503) is not retried, as EventSource does not.
   */
  stream(
    onChange: (change: { model: string; available: number; at?: number }) => void,
    model?: string,
  ): Promise<Stream> {
    return new Promise((resolve) => {
      const req = http.get(
        // A product page's stream names its model, as the page's data-live-source says.
        new URL(`/live/availability${model ? `?model=${model}` : ""}`, this.origin),
        {
          headers: { "X-Forwarded-For": this.address, Accept: "text/event-stream", "User-Agent": BROWSER },
          agent: false,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status !== 200) {
            response.resume();
            resolve({ status, close: () => req.destroy() });
            return;
          }
          let buffer = "";
          response.setEncoding("utf8");
          response.on("data", (text: string) => {
            buffer += text;
            for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
              const event = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (!event.startsWith("event: availability")) continue;
              const data = /^data: (.*)$/m.exec(event)?.[1];
              if (data) onChange(JSON.parse(data) as { model: string; available: number });
            }
          });
          response.on("error", () => {});
          resolve({ status, close: () => req.destroy() });
        },
      );
      req.on("error", () => resolve({ status: 0, close: () => {} }));
    });
  }
}

export interface Stream {
  status: number;
  close: () => void;
}

/** Whether a model's page says it is sold out, in its offer's block (`words`: each language's). */
export function saysSoldOut(html: string, words: readonly string[]): boolean {
  const offer = html.indexOf('data-availability="offer"');
  const block = offer >= 0 ? html.slice(offer, offer + 4_000) : html;
  return words.some((word) => block.includes(word));
}
