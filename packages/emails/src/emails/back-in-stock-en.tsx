/** The back-in-stock notice in English, for the preview server (the shop renders `BackInStock`). */
import type { TemplateProps } from "../template-props";
import { BackInStock } from "./back-in-stock";

export default function BackInStockEn(props: TemplateProps<"back_in_stock">) {
  return <BackInStock {...props} />;
}

BackInStockEn.PreviewProps = {
  ...BackInStock.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"back_in_stock">;
