import { useEffect, useState } from "react";

let hydrating = true;

/** False during the server render and the first client render; true once React owns the page. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    hydrating = false;
    setHydrated(true);
  }, []);
  return hydrated;
}
