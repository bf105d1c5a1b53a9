import { devices } from "@playwright/test";
import { test } from "./fixtures";
import { anArticle, readAsShopper, writeAndPublish } from "./magazine-helpers";

// Issue 34, point 4, on the owner's phone: she writes and publishes an article with a photo from
// her gallery; shoppers on their phones read it in both languages, with and without JavaScript.
test.use({ reducedMotion: "reduce" });
// The owner's whole article, then four readings of it: three times the usual time.
test.slow();

test("on her phone, the owner publishes an article with a photo; shoppers read it", async ({
  page,
  browser,
}) => {
  const article = anArticle();
  await writeAndPublish(page, article, test.info().outputPath("phone"));
  const phone = devices["Pixel 7"];
  await readAsShopper(
    browser,
    article,
    { ...phone, javaScriptEnabled: true },
    test.info().outputPath("phone"),
  );
  await readAsShopper(browser, article, { ...phone, javaScriptEnabled: false });
});
