/**
 * What one stranger's requests do to everyone else (issue 22): each hostile request of
 * docs/security.md §10 is sent 60 times over 20 connections, as raw bytes, while /livez is asked
 * every 20 ms; the figure is how long /livez took meanwhile, and what the hostile requests got.
 * Before the fixes, `Accept-Encoding: br` + 16,000 spaces + `;x` held /livez at a median of 4.5 s, a path
 * of 7,000 segments held the server 4 s a request, and `GET //` ended the process.
 */
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { type Figure, ms } from "./table.mts";

const BUDGET_MAX_MS = 100;
const REQUESTS = 60;
const CONNECTIONS = 20;

const line = (target: string, headers = "") =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`;

const PRODUCT = "/produit/sac-banane-aicha";

/**
 * Each request: its name in the table and the bytes sent. A page one visitor sees on her own (a
 * cart cookie) is rendered for her, which no cache saves: its hostile form is held to the figure
 * of as many ordinary ones (`ordinary`), not to the fixed budget.
 */
export const HOSTILE_REQUESTS: { name: string; head: string; ordinary?: true; rendered?: true }[] = [
  // First, as a reference (and so that the attacks meet a server warmed up as in its day).
  {
    name: "ordinary requests for a kept page",
    head: line(PRODUCT, "Accept-Encoding: gzip, br\r\n"),
    ordinary: true,
  },
  {
    name: "Accept-Encoding: br + 16,000 spaces + ;x (kept page)",
    head: line(PRODUCT, `Accept-Encoding: br${" ".repeat(16_000)};x\r\n`),
  },
  { name: "GET // (redirected)", head: line("//") },
  { name: "a path of 15,000 slashes", head: line(`/${"/".repeat(15_000)}a`) },
  { name: "a path of 7,000 segments", head: line(`/${"a/".repeat(7_000)}`) },
  { name: "Host: [::1", head: line("/en").replace("Host: 127.0.0.1", "Host: [::1") },
  { name: "absolute-form request line", head: line("http://evil/en") },
  {
    name: "ordinary product pages with a cookie (rendered for each visitor)",
    head: line(PRODUCT, "Cookie: cart=x\r\n"),
    ordinary: true,
    rendered: true,
  },
  {
    name: "Cookie of 15,000 semicolons and `cart =` (rendered for each visitor)",
    head: line(PRODUCT, `Cookie: ${";".repeat(15_000)} cart =x\r\n`),
    rendered: true,
  },
];

/** Sends the bytes and resolves with the answer's status (0: closed without one). */
function send(port: number, head: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(head));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1];
      if (status) {
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on("error", () => resolve(0));
    socket.on("close", () => resolve(0));
  });
}

export async function benchHostileRequests(baseUrl: string): Promise<Figure[]> {
  const port = Number(new URL(baseUrl).port);
  const figures: Figure[] = [];
  // The kept page as every visitor finds it: the attack is measured, not the first render.
  await (await fetch(`${baseUrl}${PRODUCT}`)).arrayBuffer();
  let ordinaryMax = Number.NaN;
  // The reference rows set the comparison for what follows them.
  for (const attack of HOSTILE_REQUESTS) {
    const statuses = new Map<number, number>();
    let left = REQUESTS;
    let done = false;
    const attacker = async () => {
      while (left-- > 0) {
        const status = await send(port, attack.head);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const latencies: number[] = [];
    const probe = async () => {
      while (!done) {
        const begun = performance.now();
        const answer = await fetch(`${baseUrl}/livez`).catch(() => undefined);
        await answer?.arrayBuffer();
        latencies.push(answer?.ok ? performance.now() - begun : Number.POSITIVE_INFINITY);
        await sleep(20);
      }
    };
    const probing = probe();
    await Promise.all(Array.from({ length: CONNECTIONS }, attacker));
    done = true;
    await probing;
    const sorted = latencies.sort((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    const max = sorted.at(-1) ?? Number.NaN;
    const answers = [...statuses].map(([status, count]) => `${count} × ${status || "closed"}`).join(", ");
    const answered = ![...statuses.keys()].some((status) => status === 0 || status >= 500);
    if (attack.ordinary) ordinaryMax = max;
    const limit = attack.rendered ? ordinaryMax * 1.5 : BUDGET_MAX_MS;
    figures.push({
      section: "hostile",
      figure: `/livez during ${REQUESTS} × ${attack.name}`,
      value: `p50 ${ms(p50)}, max ${ms(max)} (${latencies.length} probes); answers: ${answers}`,
      budget: attack.ordinary
        ? "— (reference)"
        : attack.rendered
          ? "max ≤ 1.5 × the ordinary row's, no 5xx"
          : `max ≤ ${BUDGET_MAX_MS} ms, no 5xx`,
      met: attack.ordinary ? null : max <= limit && answered,
      data: { p50, max, probes: latencies.length, statuses: Object.fromEntries(statuses) },
    });
  }
  return figures;
}
