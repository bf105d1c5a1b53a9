/** The refund e-mail in English, for the preview server (the shop renders `OrderRefund`). */
import type { TemplateProps } from "../template-props";
import { OrderRefund } from "./order-refund";

export default function OrderRefundEn(props: TemplateProps<"order_refund">) {
  return <OrderRefund {...props} />;
}

OrderRefundEn.PreviewProps = {
  ...OrderRefund.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"order_refund">;
