/**
 * The owner's login under a flood of guesses from many addresses, and what it does to everyone
 * else: /healthz is asked every 50 ms while `clients` concurrent scripts post wrong passwords to
 * /admin, each request from one of `addresses` addresses (the app trusts one proxy hop here, so
 * X-Forwarded-For names the client). Before the fix, the password hash ran on the event loop and
 * /healthz took 4.3 s to answer during such a flood; nothing capped the guesses across addresses.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { type Figure, ms } from "./table.mts";

export interface LoginFloodOptions {
  baseUrl: string;
  clients: number;
  addresses: number;
  seconds: number;
}

// Before the fix: 4.3 s. The flood's own requests share the machine's two cores with the probes.
const BUDGET_P99_MS = 250;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function benchLoginFlood(options: LoginFloodOptions): Promise<Figure[]> {
  const until = Date.now() + options.seconds * 1000;
  const answers = new Map<number, number>();
  let sent = 0;
  const guess = async () => {
    while (Date.now() < until) {
      const address = `10.66.${Math.floor(sent / 250) % 250}.${(sent % 250) + 1}`;
      sent = (sent + 1) % options.addresses;
      const response = await fetch(`${options.baseUrl}/admin`, {
        method: "POST",
        body: new URLSearchParams({ intent: "login", password: `guess-${Math.random()}` }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
        redirect: "manual",
      }).catch(() => undefined);
      if (response) {
        answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
        await response.arrayBuffer();
      }
    }
  };
  const latencies: number[] = [];
  const probe = async () => {
    while (Date.now() < until) {
      const begun = performance.now();
      const response = await fetch(`${options.baseUrl}/healthz`);
      await response.arrayBuffer();
      latencies.push(performance.now() - begun);
      await sleep(50);
    }
  };
  await Promise.all([...Array.from({ length: options.clients }, guess), probe()]);

  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const max = sorted.at(-1) ?? Number.NaN;
  const checked = answers.get(401) ?? 0;
  const refused = answers.get(429) ?? 0;
  const flood = `${options.clients} scripts, ${options.addresses} addresses, ${options.seconds} s`;
  return [
    {
      section: "login",
      figure: `/healthz during a login flood (${flood})`,
      value: `p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(max)} (${latencies.length} probes)`,
      budget: `p99 ≤ ${BUDGET_P99_MS} ms`,
      met: p99 <= BUDGET_P99_MS,
      data: { p50, p99, max, probes: latencies.length },
      note:
        p99 <= BUDGET_P99_MS
          ? undefined
          : "no request waits on the hash (libuv's thread pool) nor on a database connection (one login check at a time per server); what is left is the flood's own requests on the two cores",
    },
    {
      section: "login",
      figure: "login guesses checked vs refused by the throttle",
      value: `${checked} checked (401), ${refused} refused (429), ${
        [...answers.keys()]
          .filter((s) => s !== 401 && s !== 429)
          .map((s) => `${answers.get(s)} × ${s}`)
          .join(", ") || "nothing else"
      }`,
      budget: "≈ 100 checked an hour at most",
      met: null,
      data: Object.fromEntries(answers),
    },
  ];
}
