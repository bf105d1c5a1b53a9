import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { Modal } from "~/components/admin/modal";
import { errorMessage } from "~/components/admin/notify";
import { ProductHistoryList } from "~/components/admin/product-history";
import { trpc } from "~/lib/trpc";
import type { ProductRow } from "./stock-table";

const TEXT = copy.productHistory;

/** « Historique » of a product (products.history): every change the owner made, newest first. */
export function ProductHistoryDialog({
  product,
  onClose,
}: {
  product: ProductRow | null;
  onClose: () => void;
}) {
  return (
    <Modal open={product !== null} onClose={onClose} title={fill(TEXT.title, { name: product?.name ?? "" })}>
      {product ? <ProductHistory id={product.id} /> : null}
    </Modal>
  );
}

function ProductHistory({ id }: { id: number }) {
  const history = trpc.products.history.useQuery({ id });
  if (history.isPending) {
    return (
      <p role="status" className="admin-muted">
        {TEXT.loading}
      </p>
    );
  }
  if (history.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.failed} : {errorMessage(history.error)}
      </p>
    );
  }
  return <ProductHistoryList events={history.data.events} />;
}
