import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translations";

const format = (ms: number) => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/** "Cette pièce vous est réservée encore 19:42": rendered by the server, ticking with JavaScript. */
export function HoldCountdown({ remainingMs }: { remainingMs: number }) {
  const { t } = useTranslation("checkout");
  const [left, setLeft] = useState(remainingMs);
  useEffect(() => {
    const end = Date.now() + remainingMs;
    setLeft(remainingMs);
    const timer = setInterval(() => setLeft(end - Date.now()), 1000);
    return () => clearInterval(timer);
  }, [remainingMs]);
  if (left <= 0) return <p className="hold hold--expired">{t("hold.expired")}</p>;
  return (
    <p className="hold" role="timer" aria-live="off">
      {t("hold.remaining", { time: format(left) })}
    </p>
  );
}
