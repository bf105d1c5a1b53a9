import { ownerAddsACarrierAndShipsWithIt } from "./carriers-journey";
import { test } from "./fixtures";

// On her phone, at the size of the most common phone screen (the phone project, a Pixel 7's browser).
test.use({
  viewport: { width: 390, height: 844 },
  reducedMotion: "reduce",
  // The template without {number} she first types, refused on purpose (400).
  expectedConsoleErrors: [/status of 400 .*\/trpc\/carriers\.add/],
});

test("on her phone the owner adds Mondial Relay and ships with it; the links follow its template", async ({
  page,
  request,
}) => {
  await ownerAddsACarrierAndShipsWithIt(page, request, "phone");
});
