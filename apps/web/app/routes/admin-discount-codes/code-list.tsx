import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { formatCents, formatDateTime } from "~/components/admin/format";
import { errorMessage, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";

const TEXT = copy.discountCodes;

/** Her codes with where each stands and its uses; « Terminer » ends one. */
export function CodeList() {
  const list = trpc.discountCodes.list.useQuery();
  const [open, setOpen] = useState<number | null>(null);
  if (list.isPending) return <p role="status">{TEXT.loading}</p>;
  if (list.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.loadError} : {errorMessage(list.error)}
      </p>
    );
  }
  return (
    <section className="admin-stack" aria-labelledby="discount-list">
      <h2 id="discount-list">{TEXT.listTitle}</h2>
      {list.data.length === 0 ? <p className="admin-empty">{TEXT.empty}</p> : null}
      <ul className="discount-codes">
        {list.data.map((code) => (
          <li key={code.id} className="admin-panel discount-codes__item">
            <p className="discount-codes__head">
              <strong className="discount-codes__code">{code.code}</strong>{" "}
              <span className={`badge discount-codes__state--${code.state}`}>{TEXT.state[code.state]}</span>
            </p>
            <dl className="discount-codes__terms">
              <div>
                <dt>{TEXT.columns.discount}</dt>
                <dd>{code.kind === "percent" ? `${code.value} %` : formatCents(code.value)}</dd>
              </div>
              <div>
                <dt>{TEXT.columns.period}</dt>
                <dd>
                  {fill(TEXT.from, { date: formatDateTime(code.startsAt) })}{" "}
                  {code.endsAt ? fill(TEXT.to, { date: formatDateTime(code.endsAt) }) : TEXT.noEnd}
                </dd>
              </div>
              <div>
                <dt>{TEXT.columns.uses}</dt>
                <dd>
                  {code.maxUses === null
                    ? code.uses
                    : fill(TEXT.usesOf, { uses: code.uses, max: code.maxUses })}
                </dd>
              </div>
              <div>
                <dt>{TEXT.columns.discounted}</dt>
                <dd>{formatCents(code.discountedCents)}</dd>
              </div>
            </dl>
            <div className="admin-toolbar">
              <button
                type="button"
                className="button"
                aria-expanded={open === code.id}
                onClick={() => setOpen(open === code.id ? null : code.id)}
              >
                {fill(open === code.id ? TEXT.hideUses : TEXT.showUses, { code: code.code })}
              </button>
              {code.state === "ended" ? null : <EndButton id={code.id} code={code.code} />}
            </div>
            {open === code.id ? <CodeUses id={code.id} code={code.code} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function EndButton({ id, code }: { id: number; code: string }) {
  const utils = trpc.useUtils();
  const end = trpc.discountCodes.end.useMutation({
    onSuccess: async () => {
      notifySuccess(TEXT.ended);
      await Promise.all([utils.discountCodes.list.invalidate(), utils.discountCodes.uses.invalidate({ id })]);
    },
    onError: (error) => notifyFailure(TEXT.end, error),
  });
  return (
    <BusyButton
      type="button"
      className="button button--danger"
      busy={end.isPending}
      onClick={() => {
        if (window.confirm(fill(TEXT.endConfirm, { code }))) end.mutate({ id });
      }}
    >
      {TEXT.end}
    </BusyButton>
  );
}

/** One code's orders and history. */
function CodeUses({ id, code }: { id: number; code: string }) {
  const uses = trpc.discountCodes.uses.useQuery({ id });
  if (uses.isPending) return <p role="status">{TEXT.loading}</p>;
  if (uses.isError) {
    return (
      <p role="alert" className="form-error">
        {errorMessage(uses.error)}
      </p>
    );
  }
  const { orders, history } = uses.data;
  return (
    <div className="admin-stack">
      <h3>{fill(TEXT.usesTitle, { code })}</h3>
      {orders.length === 0 ? (
        <p className="admin-empty">{TEXT.noUses}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{TEXT.order}</th>
                <th scope="col">{TEXT.orderDate}</th>
                <th scope="col">{TEXT.email}</th>
                <th scope="col">{TEXT.status}</th>
                <th scope="col">{TEXT.discountCol}</th>
                <th scope="col">{TEXT.total}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.orderNumber}>
                  <td>{order.orderNumber}</td>
                  <td>{formatDateTime(order.createdAt)}</td>
                  <td>{order.email}</td>
                  <td>{copy.labels.orderStatus[order.status]}</td>
                  <td>{formatCents(order.discountCents)}</td>
                  <td>{formatCents(order.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>{TEXT.history}</h3>
      <ul>
        {history.map((entry) => (
          <li key={`${entry.kind}-${entry.createdAt}`}>
            {TEXT.historyKinds[entry.kind]} — {formatDateTime(entry.createdAt)}
            {entry.actorName ? ` ${fill(TEXT.by, { name: entry.actorName })}` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}
