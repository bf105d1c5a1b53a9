import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { useRef, useState } from "react";
import { errorMessage, notifyError, notifySuccess } from "~/components/admin/notify";
import { TestOrderDialog } from "~/components/admin/test-order-dialog";
import { trpc } from "~/lib/trpc";

const TEXT = copy.orders;

/** « Test Commande »: the orders page's quietest button, which asks first (issue 32). */
export function TestOrderButton() {
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const testOrder = trpc.sampleOrders.run.useMutation({
    onSuccess: (result) => {
      const failed = result.steps.find((step) => !step.ok);
      if (failed || !result.orderNumber) {
        const reason = failed
          ? [failed.label, failed.detail].filter(Boolean).join(" — ")
          : copy.tests.failedSummary;
        notifyError(fill(TEXT.testFailed, { message: reason }));
      } else {
        notifySuccess(TEXT.testCreated, result.orderNumber);
      }
    },
    onError: (error) => notifyError(fill(TEXT.testFailed, { message: errorMessage(error) })),
    onSettled: () => {
      setAsking(false);
      void utils.orders.list.invalidate();
    },
  });
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--ghost button--small"
        onClick={() => setAsking(true)}
        disabled={testOrder.isPending}
        aria-busy={testOrder.isPending || undefined}
        aria-haspopup="dialog"
      >
        {testOrder.isPending ? TEXT.creating : TEXT.testOrder}
      </button>
      <TestOrderDialog
        open={asking}
        busy={testOrder.isPending}
        finalFocus={button}
        onConfirm={() => testOrder.mutate()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
