// A product page's availability kept current while it is open, without a framework: when the
// server says this page's model changed (a sale, a released hold, the opening), the page's
// availability blocks are swapped for what the page shows in that state — drawn by the server in
// the page itself (<template data-availability-state>: open, then 3 or more pieces, 2, 1, none),
// since a launch's opening or last piece told thousands of pages at once and every one asking the
// server again was the rush's heaviest load (decision 066). A state the page did not draw (a piece
// back after « Épuisé », before the opening) reads the page again, as a reload would show it.
// Optional: without it the page shows what the server said when it was loaded, and every form
// still works.
const main = document.querySelector("main[data-model]");
const model = main?.dataset.model;
/** From this many pieces left the page says no number (offer.tsx). */
const FEW_LEFT = 3;

if (main && model && typeof EventSource === "function") {
  const events = new EventSource(main.dataset.liveSource);
  events.addEventListener("ready", () => {
    main.dataset.live = "on";
  });
  events.addEventListener("error", () => {
    delete main.dataset.live;
  });

  const swapBlocks = (from) => {
    for (const block of document.querySelectorAll("[data-availability]")) {
      const next = from.querySelector(`[data-availability="${block.dataset.availability}"]`);
      if (next) block.replaceWith(document.importNode(next, true));
    }
  };

  let running = false;
  let again = false;
  const refresh = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const answer = await fetch(location.href, { credentials: "same-origin", cache: "no-store" });
      if (!answer.ok) return;
      // The page's body only: its head's inline style (its nonce or hash is the page's own) has
      // no business in the copy, and the page's policy would refuse it.
      const html = await answer.text();
      swapBlocks(new DOMParser().parseFromString(html.slice(html.indexOf("<body")), "text/html"));
    } catch {
      // Offline for a moment: the next change tries again.
    } finally {
      running = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  };

  /** Shows the state the server told, from the page's own drawing of it; false if it has none. */
  const show = (change) => {
    const opensAt = main.dataset.opensAt;
    // Before the opening (by the shop's time) what the page shows does not follow the pieces.
    if (opensAt && !(change.at >= Date.parse(opensAt))) return false;
    const state = Math.min(Math.max(change.available, 0), FEW_LEFT);
    const drawn = document.querySelector(`template[data-availability-state="${state}"]`);
    if (!drawn || running) return false;
    swapBlocks(drawn.content);
    delete main.dataset.opensAt;
    return true;
  };

  events.addEventListener("availability", (event) => {
    try {
      const change = JSON.parse(event.data);
      if (change.model === model && !show(change)) refresh();
    } catch {
      // A malformed message changes nothing on the page.
    }
  });
}
