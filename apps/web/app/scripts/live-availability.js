// A product page's availability kept current while it is open, without a framework: when the
// server says this page's model changed (a sale, a released hold, a restock), the page's
// availability blocks are read again from the page itself — what a reload would show, the page
// cache exact about the last piece — and swapped in place. Optional: without it the page shows
// what the server said when it was loaded, and every form still works.
const main = document.querySelector("main[data-model]");
const model = main?.dataset.model;

if (main && model && typeof EventSource === "function") {
  const events = new EventSource(main.dataset.liveSource);
  events.addEventListener("ready", () => {
    main.dataset.live = "on";
  });
  events.addEventListener("error", () => {
    delete main.dataset.live;
  });

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
      const fresh = new DOMParser().parseFromString(html.slice(html.indexOf("<body")), "text/html");
      for (const block of document.querySelectorAll("[data-availability]")) {
        const next = fresh.querySelector(`[data-availability="${block.dataset.availability}"]`);
        if (next) block.replaceWith(document.importNode(next, true));
      }
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

  events.addEventListener("availability", (event) => {
    try {
      if (JSON.parse(event.data).model === model) refresh();
    } catch {
      // A malformed message changes nothing on the page.
    }
  });
}
