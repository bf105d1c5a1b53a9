import { copy } from "@souls/api/admin-words";
import type { LiveState } from "./use-live-stock";

const LABELS: Record<LiveState, string> = {
  live: copy.common.live,
  connecting: copy.common.liveConnecting,
  off: copy.common.liveOff,
};

/** "En direct" while the page receives changes as they happen. */
export function LiveIndicator({ state }: { state: LiveState }) {
  return (
    <p className={`admin-live admin-live--${state}`} role="status">
      <span className="admin-live__dot" aria-hidden="true" />
      {LABELS[state]}
    </p>
  );
}
