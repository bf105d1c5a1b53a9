import { Link } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { useRef, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { errorMessage } from "~/components/admin/notify";
import { TestOrderDialog } from "~/components/admin/test-order-dialog";
import { trpc } from "~/lib/trpc";
import { ADMIN_PAGES } from "~/screens";

const TEST_DATA = [
  [copy.tests.customer, copy.tests.customerValue],
  [copy.tests.address, copy.tests.addressValue],
  [copy.tests.product, copy.tests.productValue],
  [copy.tests.orderNumber, copy.tests.orderNumberValue],
] as const;

/**
 * "Administration - Tests": runs a whole order through the shop's real use cases with the test
 * payment (sampleOrders.run) and shows each step, so the owner can check the chain end to end.
 * It asks first; the order it places is a test that touches nothing real (issue 32).
 */
export function SampleOrdersPanel() {
  const utils = trpc.useUtils();
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const [asking, setAsking] = useState(false);
  const run = trpc.sampleOrders.run.useMutation({
    onSettled: () => {
      setAsking(false);
      void utils.orders.list.invalidate();
      void utils.products.list.invalidate();
      void utils.emails.invalidate();
      // The log replaces the button's "Test en cours...": take the reader there.
      resultsRef.current?.focus();
    },
  });
  const result = run.data;
  const allOk = result ? result.orderNumber !== null && result.steps.every((step) => step.ok) : false;

  return (
    <div className="admin-stack">
      <section className="admin-panel" aria-labelledby="test-data-title">
        <p>{copy.tests.intro}</p>
        <h2 id="test-data-title" className="admin-panel__title">
          {copy.tests.dataTitle}
        </h2>
        <dl className="admin-facts">
          {TEST_DATA.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <BusyButton
          type="button"
          className="button button--primary"
          onClick={() => setAsking(true)}
          busy={run.isPending}
          busyLabel={copy.tests.running}
          aria-haspopup="dialog"
        >
          {copy.tests.run}
        </BusyButton>
        <TestOrderDialog
          open={asking}
          busy={run.isPending}
          finalFocus={run.isIdle ? undefined : resultsRef}
          onConfirm={() => run.mutate()}
          onClose={() => setAsking(false)}
        />
      </section>

      <section className="admin-panel" aria-labelledby="test-results-title">
        <h2 id="test-results-title" ref={resultsRef} tabIndex={-1} className="admin-panel__title">
          {copy.tests.results}
        </h2>
        <div role="status">
          {run.isError ? (
            <p className="form-error">{fill(copy.tests.error, { message: errorMessage(run.error) })}</p>
          ) : result ? (
            <p className={allOk ? "admin-result admin-result--ok" : "admin-result admin-result--failed"}>
              {allOk
                ? fill(copy.tests.succeeded, { orderNumber: result.orderNumber ?? "" })
                : copy.tests.failedSummary}
            </p>
          ) : run.isPending ? (
            <p>{copy.tests.running}</p>
          ) : (
            <p className="admin-muted">{copy.tests.noResults}</p>
          )}
        </div>
        {result ? (
          <>
            <ol className="admin-steps">
              {result.steps.map((step, index) => (
                <li
                  // Steps are a fixed log: their order is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the log never reorders
                  key={index}
                  className={step.ok ? "admin-steps__step" : "admin-steps__step admin-steps__step--failed"}
                >
                  <span className="admin-steps__mark" aria-hidden="true">
                    {step.ok ? "✓" : "✗"}
                  </span>
                  <span className="visually-hidden">{step.ok ? copy.tests.ok : copy.tests.failed} : </span>
                  <span>
                    {step.label}
                    {step.detail ? <span className="admin-steps__detail">{step.detail}</span> : null}
                  </span>
                </li>
              ))}
            </ol>
            <Link to={ADMIN_PAGES.orders} className="text-link">
              {copy.tests.seeOrders}
            </Link>
          </>
        ) : null}
      </section>
    </div>
  );
}
