/**
 * A shopper's next page: on Lighthouse's slow 4G (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s
 * up) and a 4× slower CPU, as a phone, the time from a tap on a product card of the home page to
 * the product page painted — its heading on screen, the next frame drawn. The home page is a
 * first visit, left to finish (its scripts loaded and run, if it has any); each run a new browser
 * context (nothing cached). Wall-clock time in the bench, the same measure for a page the browser
 * loads and for one a client-side router draws.
 */
import puppeteer from "puppeteer-core";
import { CHROME_FLAGS, cleanup } from "./processes.mts";
import type { Figure } from "./table.mts";

/** Lighthouse's mobile throttling (its `mobileSlow4G` settings), applied by DevTools. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const CARD = "/produit/sac-banane-aicha";

export async function measureNavigation(
  baseUrl: string,
  chromePath: string,
  runs: number,
): Promise<Figure[]> {
  const browser = await puppeteer.launch({ executablePath: chromePath, args: CHROME_FLAGS });
  const forget = cleanup.add("Chromium (navigation)", () => browser.close());
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(PHONE);
      const devtools = await page.createCDPSession();
      await devtools.send("Network.enable");
      await devtools.send("Network.emulateNetworkConditions", SLOW_4G);
      await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.goto(`${baseUrl}/`, { waitUntil: "networkidle0", timeout: 120_000 });
      // A page that hydrates is left to: a tap before would be the plain link's journey.
      await page.waitForFunction(
        `!document.querySelector('script[type="module"][async]') || document.documentElement.hasAttribute("data-hydrated")`,
        { timeout: 120_000 },
      );
      const card = `.product-card__name a[href="${CARD}"]`;
      await page.waitForSelector(card);
      const started = Date.now();
      await page.tap(card);
      await page.waitForFunction(
        `location.pathname === ${JSON.stringify(CARD)} && /Aicha/.test(document.querySelector("h1")?.textContent ?? "")`,
        { polling: "raf", timeout: 120_000 },
      );
      await page.evaluate("new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn)))");
      times.push(Date.now() - started);
      await context.close();
    }
  } finally {
    forget();
    await browser.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return [
    {
      section: "navigation",
      figure: "a tap on a home page card to the product page painted (slow 4G, 4× CPU, a phone)",
      value: `${median} ms (median of ${times.length}: ${times.join(", ")} ms)`,
      budget: "—",
      met: null,
      data: { times, median },
    },
  ];
}
