import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/** What the last action on an open order did, said inside its dialog (toasts sit behind it). */
export interface Notice {
  id: number;
  tone: "ok" | "error";
  text: string;
  /**
   * Take focus to it: the action's button may be gone (a refund that leaves nothing to refund,
   * a retried refund settled), and a closed dialog's opener with it.
   */
  focus?: boolean;
}

export function useOrderNotice(): {
  notice: Notice | null;
  noticeRef: RefObject<HTMLParagraphElement>;
  announce: (notice: Omit<Notice, "id">) => void;
} {
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const announce = useCallback(
    (next: Omit<Notice, "id">) => setNotice((current) => ({ ...next, id: (current?.id ?? 0) + 1 })),
    [],
  );
  useEffect(() => {
    if (notice?.focus) noticeRef.current?.focus();
  }, [notice]);
  return { notice, noticeRef, announce };
}

export function OrderNotice({
  notice,
  noticeRef,
}: {
  notice: Notice | null;
  noticeRef: RefObject<HTMLParagraphElement>;
}) {
  return (
    <div role="status" className="admin-detail__notice">
      {notice ? (
        <p
          key={notice.id}
          ref={noticeRef}
          tabIndex={-1}
          className={notice.tone === "ok" ? "admin-result" : "admin-result admin-result--failed"}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
