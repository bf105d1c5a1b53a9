import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { DialogActions } from "~/components/admin/dialog-actions";
import { countryName } from "~/components/admin/format";
import { Field, PanelForm, usePanelForm } from "~/components/admin/forms";
import { Modal } from "~/components/admin/modal";
import { firstFieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { isAdminClientError, type RouterOutputs, trpc } from "~/lib/trpc";

type OrderDetail = RouterOutputs["orders"]["detail"];
const TEXT = copy.addressForm;
/** The lines she must fill in; the second line of the street and the phone may stay empty. */
const REQUIRED = ["firstName", "lastName", "address", "postalCode", "city"] as const;
const MAX_LENGTH = {
  firstName: 100,
  lastName: 100,
  address: 200,
  addressLine2: 200,
  postalCode: 20,
  city: 100,
  phone: 30,
} as const;
type LineField = keyof typeof MAX_LENGTH;

/**
 * « Corriger l'adresse »: the name, street and its second line, postal code, city, the phone for
 * the carrier and the delivery instructions of an order whose parcel has not left (never its
 * country). The shopper receives the new address by
 * e-mail; the order's timeline keeps the old one.
 */
export function AddressDialog({
  open,
  detail,
  onClose,
}: {
  open: boolean;
  detail: OrderDetail;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={TEXT.title}>
      <AddressForm detail={detail} onClose={onClose} />
    </Modal>
  );
}

function AddressForm({ detail, onClose }: { detail: OrderDetail; onClose: () => void }) {
  const { order } = detail;
  const form = usePanelForm({
    firstName: order.firstName,
    lastName: order.lastName,
    address: order.address,
    addressLine2: order.addressLine2 ?? "",
    postalCode: order.postalCode,
    city: order.city,
    phone: order.phone ?? "",
    deliveryInstructions: order.deliveryInstructions ?? "",
  });
  const { errors, bind } = form;
  const utils = trpc.useUtils();
  const correct = trpc.orders.correctAddress.useMutation({
    onSuccess: () => {
      notifySuccess(TEXT.saved, fill(TEXT.savedText, { orderNumber: order.orderNumber }));
      void utils.orders.detail.invalidate({ orderNumber: order.orderNumber });
      void utils.orders.list.invalidate();
      onClose();
    },
    onError: (error) => {
      // What she can correct is said in the form; a crash or a lost connection by a notice.
      if (
        firstFieldErrorsOf(error) ||
        (isAdminClientError(error) && error.data?.code !== "INTERNAL_SERVER_ERROR")
      ) {
        form.refuse(error);
        return;
      }
      notifyFailure(TEXT.failed, error);
    },
  });
  const submit = () => {
    form.setErrors({});
    correct.mutate({ orderNumber: order.orderNumber, ...form.draft });
  };
  const field = (name: LineField | "deliveryInstructions", label: string) => (
    <Field label={label} error={errors[name]}>
      {(props) =>
        name === "deliveryInstructions" ? (
          <textarea {...props} rows={2} maxLength={500} {...bind(name)} />
        ) : (
          <input
            {...props}
            required={(REQUIRED as readonly string[]).includes(name)}
            type={name === "phone" ? "tel" : "text"}
            maxLength={MAX_LENGTH[name]}
            autoComplete="off"
            data-autofocus={name === "firstName" ? true : undefined}
            {...bind(name)}
          />
        )
      }
    </Field>
  );
  return (
    <PanelForm form={form} onSubmit={submit} before={<p className="admin-muted">{TEXT.intro}</p>}>
      {field("firstName", TEXT.firstName)}
      {field("lastName", TEXT.lastName)}
      {field("address", TEXT.address)}
      {field("addressLine2", TEXT.addressLine2)}
      {field("postalCode", TEXT.postalCode)}
      {field("city", TEXT.city)}
      <p>{fill(TEXT.country, { country: countryName(order.country) })}</p>
      {field("phone", TEXT.phone)}
      {field("deliveryInstructions", TEXT.instructions)}
      <DialogActions
        onCancel={onClose}
        submitLabel={TEXT.submit}
        busyLabel={TEXT.submitting}
        busy={correct.isPending}
      />
    </PanelForm>
  );
}
