/** The owner's low-stock e-mail in English, for the preview server (the shop renders `LowStock`). */
import type { TemplateProps } from "../template-props";
import { LowStock } from "./low-stock";

export default function LowStockEn(props: TemplateProps<"low_stock">) {
  return <LowStock {...props} />;
}

LowStockEn.PreviewProps = {
  ...LowStock.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"low_stock">;
