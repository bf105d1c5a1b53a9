/** The order confirmation in English, for the preview server (the shop renders `OrderConfirmation`). */
import type { TemplateProps } from "../template-props";
import { OrderConfirmation } from "./order-confirmation";

export default function OrderConfirmationEn(props: TemplateProps<"order_confirmation">) {
  return <OrderConfirmation {...props} />;
}

OrderConfirmationEn.PreviewProps = {
  ...OrderConfirmation.PreviewProps,
  payload: {
    ...OrderConfirmation.PreviewProps.payload,
    deliveryInstructions: "Door code 4521B, third floor on the left",
  },
  locale: "en",
} satisfies TemplateProps<"order_confirmation">;
