/** The owner's new-order e-mail in English, for the preview server (the shop renders `NewOrder`). */
import type { TemplateProps } from "../template-props";
import { NewOrder } from "./new-order";

export default function NewOrderEn(props: TemplateProps<"new_order">) {
  return <NewOrder {...props} />;
}

NewOrderEn.PreviewProps = {
  ...NewOrder.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"new_order">;
