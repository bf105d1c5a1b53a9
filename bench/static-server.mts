/**
 * The static ceiling: a plain node:http server answering every request with one buffer (the
 * product page's bytes as the app sent them). Run in its own process by bench/http.mts so it
 * shares no event loop with the benchmark.
 *
 *   node --import tsx bench/static-server.mts <body file> <content-type> [content-encoding]
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [file, contentType, contentEncoding] = process.argv.slice(2);
if (!file || !contentType) {
  console.error("usage: static-server.mts <body file> <content-type> [content-encoding]");
  process.exit(2);
}
const body = readFileSync(file);
const headers: Record<string, string | number> = {
  "content-type": contentType,
  "content-length": body.length,
  ...(contentEncoding ? { "content-encoding": contentEncoding, vary: "Accept-Encoding" } : {}),
};

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : ""}`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Keep-alive connections of the load generator would hold close() open.
    server.closeAllConnections();
  });
}
