import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ENDPOINTS } from "~/screens";

/**
 * Keeps a product page's availability current while it is open: when the server says the model
 * changed (a sale, a released hold, the owner's restock), the page reloads its data. Returns
 * whether the page is following the changes.
 */
export function useLiveAvailability(model: string): boolean {
  const { revalidate } = useRevalidator();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const events = new EventSource(ENDPOINTS.liveAvailability);
    events.addEventListener("ready", () => setLive(true));
    events.addEventListener("error", () => setLive(false));
    const onChange = (event: MessageEvent<string>) => {
      try {
        if ((JSON.parse(event.data) as { model?: string }).model === model) revalidate();
      } catch {
        // A malformed message changes nothing on the page.
      }
    };
    events.addEventListener("availability", onChange);
    return () => events.close();
  }, [model, revalidate]);
  return live;
}
