/** The sold-out refund notice in English, for the preview server (the shop renders `OrderRefundedSoldOut`). */
import type { TemplateProps } from "../template-props";
import { OrderRefundedSoldOut } from "./order-refunded-sold-out";

export default function OrderRefundedSoldOutEn(props: TemplateProps<"order_refunded_sold_out">) {
  return <OrderRefundedSoldOut {...props} />;
}

OrderRefundedSoldOutEn.PreviewProps = {
  ...OrderRefundedSoldOut.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"order_refunded_sold_out">;
