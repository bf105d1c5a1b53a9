import { RemixBrowser } from "@remix-run/react";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { WordsProvider } from "./lib/translations";
import { browserWords } from "./lib/words";

// Hydrated once the page's words are here, in one go, not in a transition: an interruptible
// hydration could be cut by a shopper's early click or typing on a slow connection (React error
// #345). Without its words the page stays as the server wrote it, and works without JavaScript.
browserWords().then((words) =>
  hydrateRoot(
    document,
    <WordsProvider source={words}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </WordsProvider>,
  ),
);
