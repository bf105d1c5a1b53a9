import { RemixBrowser } from "@remix-run/react";
import { type ReactNode, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { WordsProvider } from "./lib/translations";
import { browserWords } from "./lib/words";

/**
 * What a shopper does before React owns the page stays the browser's: a tap, a key or a submit
 * works as on the plain HTML page (every form posts without JavaScript). Given one of them while
 * the page is still hydrating, React 18 would hydrate at once, which fails while Remix is still
 * reading the page's data (React error #345). Listening on `window` in the capture phase comes
 * before React's listeners on the document; the default action is left alone. The list is React
 * 18's own list of the events that make it hydrate at once (`discreteReplayableEvents`).
 */
const SHOPPER_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

function holdShopperEventsUntilHydrated(): () => void {
  const hold = (event: Event) => event.stopPropagation();
  for (const type of SHOPPER_EVENTS) window.addEventListener(type, hold, { capture: true });
  return () => {
    for (const type of SHOPPER_EVENTS) window.removeEventListener(type, hold, { capture: true });
  };
}

/** Its effect runs once the whole page has hydrated (a parent's effects run after its children's). */
function Hydrated({ then, children }: { then: () => void; children: ReactNode }) {
  useEffect(() => then(), [then]);
  return children;
}

// Hydrated once the page's words are here, in one go, not in a transition (an interruptible
// hydration meets the same error #345). Without its words the page stays as the server wrote it,
// and works without JavaScript.
const release = holdShopperEventsUntilHydrated();
browserWords().then(
  (words) =>
    hydrateRoot(
      document,
      <Hydrated then={release}>
        <WordsProvider source={words}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </WordsProvider>
      </Hydrated>,
    ),
  (error: unknown) => {
    release();
    throw error;
  },
);
