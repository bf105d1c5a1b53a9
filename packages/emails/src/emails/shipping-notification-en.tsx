/** The shipping notification in English, for the preview server (the shop renders `ShippingNotification`). */
import type { TemplateProps } from "../template-props";
import { ShippingNotification } from "./shipping-notification";

export default function ShippingNotificationEn(props: TemplateProps<"shipping_notification">) {
  return <ShippingNotification {...props} />;
}

ShippingNotificationEn.PreviewProps = {
  ...ShippingNotification.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"shipping_notification">;
