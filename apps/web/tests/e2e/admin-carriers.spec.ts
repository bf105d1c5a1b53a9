import { ownerAddsACarrierAndShipsWithIt } from "./carriers-journey";
import { test } from "./fixtures";

// The panel runs with JavaScript (the js-off project leaves out every admin*.spec.ts).
test.use({
  reducedMotion: "reduce",
  // The template without {number} she first types, refused on purpose (400).
  expectedConsoleErrors: [/status of 400 .*\/trpc\/carriers\.add/],
});

test("the owner adds Mondial Relay, ships with it, and the e-mail's and tracking page's links follow its template", async ({
  page,
  request,
}) => {
  await ownerAddsACarrierAndShipsWithIt(page, request, "laptop");
});
