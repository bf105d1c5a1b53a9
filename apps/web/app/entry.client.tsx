import { RemixBrowser } from "@remix-run/react";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { WordsProvider } from "./lib/translations";
import { browserWords } from "./lib/words";

// Hydrated in one go, not in a transition: an interruptible hydration could be cut by a
// shopper's early click or typing on a slow connection (React error #345).
hydrateRoot(
  document,
  <WordsProvider source={browserWords()}>
    <StrictMode>
      <RemixBrowser />
    </StrictMode>
  </WordsProvider>,
);
