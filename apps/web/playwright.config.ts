import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build, run through `with-database --fresh` (which
 * provides DATABASE_URL and runs the worker beside, delivering e-mails to MAILBOX_DIR). Every
 * shopper journey runs twice: JavaScript on and JavaScript off.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
/** The file the launch rules' clock reads its offset from in the e2e run (tests/e2e/shop-clock.ts). */
export const SHOP_CLOCK_FILE = path.resolve(".results", "shop-clock");
/** The owner's password in the e2e run (tests/e2e/admin-helpers.ts logs in with it). */
export const ADMIN_PASSWORD = "e2e-owner-password-0001";
const baseURL = `http://127.0.0.1:${port}`;

/** The specs of the `stripe` project, run by it alone. */
const STRIPE_SPECS = /stripe\/[\w-]+\.spec\.ts/;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // Generous bounds, so that a test waits for what it expects on a slow or busy machine: a test
  // that passes only on a fast one is a broken test. What is fast enough is the bench's to say.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Two browsers at once: what a two-core machine runs fastest (the suite is CPU-bound).
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: ".results/e2e.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [
    {
      name: "js-on",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true },
      testIgnore: [
        /(admin-access|admin-catalogue|admin-magazine|delivery-zones|phone|series-pages|shop-words)\.spec\.ts/,
        STRIPE_SPECS,
      ],
    },
    {
      name: "js-off",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false },
      // Accessibility is checked once, on the hydrated pages (the markup is the same); a race with
      // hydration needs JavaScript.
      testIgnore: [
        /(a11y|abuse|admin[\w-]*|attacks|early-typing|graceful-stop|outage|phone|security|delivery-zones|series-pages|shop-words|stock-race)\.spec\.ts/,
        STRIPE_SPECS,
      ],
    },
    {
      // The card payment shoppers really use: the production build with Stripe's keys, Stripe's
      // API, Stripe.js and Stripe's pages played by @souls/stripe-stand-in (tests/e2e/stripe).
      name: "stripe",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true },
      testMatch: STRIPE_SPECS,
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], launchOptions: chromium },
      testMatch: /phone\.spec\.ts/,
      testIgnore: /admin-magazine-phone\.spec\.ts/,
    },
    {
      // Once the shoppers' journeys have run: the owner publishes articles of her own, which the
      // magazine's journey (two articles in the list) must not meet (decision 052).
      name: "magazine",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true },
      testMatch: /admin-magazine\.spec\.ts/,
      dependencies: ["js-on", "js-off", "phone", "stripe"],
    },
    {
      name: "magazine-phone",
      use: { ...devices["Pixel 7"], launchOptions: chromium },
      testMatch: /admin-magazine-phone\.spec\.ts/,
      dependencies: ["js-on", "js-off", "phone", "stripe"],
    },
    {
      // After the shoppers' projects: the owner changes the delivery zones every checkout's total
      // reads (free delivery to the EU from 300 €, a country withdrawn), then puts them back.
      name: "delivery",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true },
      testMatch: /delivery-zones\.spec\.ts/,
      dependencies: ["js-on", "js-off", "phone", "stripe"],
    },
    {
      // Last, once every other project has run: the owner features a second series on the home
      // page, which every other test reads as the launch collection's.
      name: "launch",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true },
      testMatch: /admin-catalogue\.spec\.ts/,
      dependencies: ["js-on", "js-off", "phone", "stripe", "delivery", "magazine", "magazine-phone"],
    },
    {
      // After the launch: the owner gives a third series its picture and features it; shoppers,
      // with JavaScript, without and on a phone (their own browsers), still reach the earlier series.
      name: "series",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true },
      testMatch: /series-pages\.spec\.ts/,
      dependencies: ["launch"],
    },
    {
      // After the series: the owner rewrites her story and the home page's title (decision 051),
      // which the other specs read as today's — on a laptop, then on a phone.
      name: "words",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true },
      testMatch: /shop-words\.spec\.ts/,
      dependencies: ["series"],
    },
    {
      name: "words-phone",
      use: { ...devices["Pixel 7"], launchOptions: chromium },
      testMatch: /shop-words\.spec\.ts/,
      dependencies: ["words"],
    },
    {
      // After all the others, on a phone: the owner changes her password, which ends every other
      // session of hers — those of every other spec included (decision 043).
      name: "access",
      use: { ...devices["Pixel 7"], launchOptions: chromium },
      testMatch: /admin-access\.spec\.ts/,
      dependencies: ["words-phone"],
    },
  ],
  webServer: {
    command: "node server.mjs",
    url: `${baseURL}/robots.txt`,
    // One proxy hop trusted: each test sends its own X-Forwarded-For (see fixtures.ts).
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      TRUST_PROXY_HOPS: "1",
      ADMIN_PASSWORD,
      // Login tests of both projects fail on purpose; the throttle across clients is proven by
      // packages/shop/src/owner-session.test.ts and the benchmark's login flood.
      ADMIN_LOGIN_FREE_FAILURES: "1000",
      // Every spec shares one stock (500 more pieces of each model) and leaves unpaid orders holding
      // some: a share cap would refuse one spec's checkout for another's holds. The cap has its
      // own tests (packages/shop/src/orders/place-order.test.ts).
      MAX_HELD_SHARE_PER_MODEL: "100",
      // The launch rules' clock, moved by the launch specs (tests/e2e/shop-clock.ts, decision 039).
      SHOP_TEST_CLOCK_FILE: SHOP_CLOCK_FILE,
    },
    reuseExistingServer: false,
    stdout: "pipe",
    timeout: 60_000,
  },
});
