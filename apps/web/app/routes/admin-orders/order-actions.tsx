import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { useId, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatDateTime } from "~/components/admin/format";
import { fieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { useMayCall } from "~/components/admin/role";
import { type RouterOutputs, trpc } from "~/lib/trpc";

/** A row of the list, or an order's detail: what its actions read (never its lines). */
type OrderRow = Omit<RouterOutputs["orders"]["list"]["orders"][number], "lines">;

/**
 * What the owner can do with an order, by its status (spec §2): ship it (tracking number and
 * carrier), mark it prepared or delivered, give back what an unpaid order holds; a shipped order
 * shows how it left; others a dash. Refunds and cancellations are in the order's detail.
 */
export function OrderActions({ order, labelled = false }: { order: OrderRow; labelled?: boolean }) {
  // Money taken for another amount: neither released nor shipped, settled from the detail.
  if (order.paymentStatus === "mismatch") {
    return <span className="admin-cell-note">{copy.orders.paymentCheckAction}</span>;
  }
  switch (order.status) {
    case "awaiting_payment":
      return <ReleaseButton orderNumber={order.orderNumber} />;
    case "pending_preparation":
      return (
        <div className="admin-actions">
          <ShipForm orderNumber={order.orderNumber} labelled={labelled} />
          <StatusButton orderNumber={order.orderNumber} to="prepared" />
        </div>
      );
    case "prepared":
      return <ShipForm orderNumber={order.orderNumber} labelled={labelled} />;
    case "shipped":
      return (
        <div className="admin-actions">
          <ShippedFacts order={order} />
          <StatusButton orderNumber={order.orderNumber} to="delivered" />
        </div>
      );
    case "partially_refunded":
      return <PartlyRefundedActions order={order} labelled={labelled} />;
    default:
      return <NoAction />;
  }
}

/**
 * What is left of a partly refunded order goes on: shipped once if it has not left, delivered once
 * if it has (the server refuses a second delivery). A withdrawn one has nothing left to send.
 */
function PartlyRefundedActions({ order, labelled }: { order: OrderRow; labelled: boolean }) {
  if (order.refundDue) return <NoAction />;
  if (!order.shippedAt) return <ShipForm orderNumber={order.orderNumber} labelled={labelled} />;
  return (
    <div className="admin-actions">
      <ShippedFacts order={order} />
      <StatusButton orderNumber={order.orderNumber} to="delivered" />
    </div>
  );
}

function NoAction() {
  return (
    <span>
      <span aria-hidden="true">{copy.common.dash}</span>
      <span className="visually-hidden">{copy.orders.noAction}</span>
    </span>
  );
}

function ShippedFacts({ order }: { order: OrderRow }) {
  return (
    <p className="admin-shipped">
      <span>{order.carrierName ?? copy.common.dash}</span>
      <span className="admin-mono">{order.trackingNumber ?? copy.common.dash}</span>
      {order.shippedAt ? (
        <span className="admin-muted">
          {fill(copy.orders.shippedOn, { date: formatDateTime(order.shippedAt) })}
        </span>
      ) : null}
    </p>
  );
}

/**
 * Tracking number + carrier: the button stays disabled until both are given (spec §5). In a row
 * the fields are named for screen readers only; on the order's page and in its detail
 * (`labelled`) their names are in view too.
 */
function ShipForm({ orderNumber, labelled = false }: { orderNumber: string; labelled?: boolean }) {
  const [trackingNumber, setTrackingNumber] = useState("");
  const [carrier, setCarrier] = useState("");
  // The carriers she offers now (« Transporteurs »): one request for every form of the page.
  const carriers = trpc.carriers.active.useQuery(undefined, { staleTime: 60_000 });
  const ship = trpc.orders.markShipped.useMutation({
    onSuccess: (answer) => {
      setTrackingNumber("");
      setCarrier("");
      notifySuccess(copy.orders.shipped, fill(copy.orders.shippedText, { orderNumber: answer.orderNumber }));
    },
    onError: (error) => notifyFailure(copy.orders.actionFailed, error),
  });
  const id = useId();
  const trackingError = fieldErrorsOf(ship.error)?.trackingNumber?.[0];
  const ready = trackingNumber.trim() !== "" && carrier !== "";

  return (
    <form
      className={labelled ? "admin-ship admin-ship--labelled" : "admin-ship"}
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready || ship.isPending) return;
        ship.mutate({ orderNumber, carrier, trackingNumber: trackingNumber.trim() });
      }}
    >
      <FieldLabel
        htmlFor={`${id}-tracking`}
        labelled={labelled}
        name={copy.orders.trackingNumber}
        full={fill(copy.orders.trackingLabel, { orderNumber })}
      />
      <input
        id={`${id}-tracking`}
        className="admin-input"
        value={trackingNumber}
        onChange={(event) => setTrackingNumber(event.target.value)}
        placeholder={copy.orders.trackingPlaceholder}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        aria-invalid={trackingError ? true : undefined}
        aria-describedby={trackingError ? `${id}-error` : undefined}
      />
      <FieldLabel
        htmlFor={`${id}-carrier`}
        labelled={labelled}
        name={copy.orders.carrier}
        full={fill(copy.orders.carrierLabel, { orderNumber })}
      />
      <select
        id={`${id}-carrier`}
        className="admin-input"
        value={carrier}
        onChange={(event) => setCarrier(event.target.value)}
      >
        <option value="">{copy.orders.chooseCarrier}</option>
        {(carriers.data?.carriers ?? []).map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.name}
          </option>
        ))}
      </select>
      <BusyButton
        type="submit"
        className="button button--primary button--small"
        disabled={!ready}
        busy={ship.isPending}
        busyLabel={copy.orders.processing}
      >
        {copy.orders.markShipped}
      </BusyButton>
      {trackingError ? (
        <p className="field__error admin-ship__error" id={`${id}-error`}>
          {trackingError}
        </p>
      ) : null}
    </form>
  );
}

/**
 * A field's name: `full` (« Numéro de suivi pour SOULS-… ») for screen readers in a row of many
 * orders; in view as `name` (« Numéro de suivi ») where the order is alone, the rest of `full`
 * still read, so the name heard begins with the name seen.
 */
function FieldLabel({
  htmlFor,
  labelled,
  name,
  full,
}: {
  htmlFor: string;
  labelled: boolean;
  name: string;
  full: string;
}) {
  if (!labelled || !full.startsWith(name)) {
    return (
      <label htmlFor={htmlFor} className="visually-hidden">
        {full}
      </label>
    );
  }
  return (
    <label htmlFor={htmlFor} className="admin-ship__label">
      {name}
      <span className="visually-hidden">{full.slice(name.length)}</span>
    </label>
  );
}

const STATUS_ACTIONS = {
  prepared: { label: copy.orders.markPrepared, done: copy.orders.prepared },
  delivered: { label: copy.orders.markDelivered, done: copy.orders.delivered },
} as const;

function StatusButton({ orderNumber, to }: { orderNumber: string; to: keyof typeof STATUS_ACTIONS }) {
  const options = {
    onSuccess: () => {
      notifySuccess(STATUS_ACTIONS[to].done, orderNumber);
    },
    onError: (error: unknown) => notifyFailure(copy.orders.actionFailed, error),
  };
  const prepared = trpc.orders.markPrepared.useMutation(options);
  const delivered = trpc.orders.markDelivered.useMutation(options);
  const mutation = to === "prepared" ? prepared : delivered;
  return (
    <BusyButton
      type="button"
      className="button button--outline button--small"
      busy={mutation.isPending}
      busyLabel={copy.orders.processing}
      onClick={() => mutation.mutate({ orderNumber })}
    >
      {STATUS_ACTIONS[to].label}
    </BusyButton>
  );
}

/** An unpaid order's hold given back, after a confirmation (the shopper may still be paying). */
function ReleaseButton({ orderNumber }: { orderNumber: string }) {
  const mayRelease = useMayCall()("orders.releaseHold");
  const [asking, setAsking] = useState(false);
  const release = trpc.orders.releaseHold.useMutation({
    onSuccess: () => {
      setAsking(false);
      notifySuccess(copy.orders.released, orderNumber);
    },
    onError: (error) => notifyFailure(copy.orders.actionFailed, error),
  });
  if (!mayRelease) return <NoAction />;
  return (
    <>
      <button type="button" className="button button--outline button--small" onClick={() => setAsking(true)}>
        {copy.orders.release}
      </button>
      <ConfirmDialog
        open={asking}
        title={copy.orders.releaseTitle}
        question={fill(copy.orders.releaseQuestion, { orderNumber })}
        note={copy.orders.releaseNote}
        confirmLabel={copy.orders.release}
        busyLabel={copy.orders.processing}
        busy={release.isPending}
        onConfirm={() => {
          if (!release.isPending) release.mutate({ orderNumber });
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
