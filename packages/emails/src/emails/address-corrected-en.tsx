/** The corrected-address notice in English, for the preview server (the shop renders `AddressCorrected`). */
import type { TemplateProps } from "../template-props";
import { AddressCorrected } from "./address-corrected";

export default function AddressCorrectedEn(props: TemplateProps<"address_corrected">) {
  return <AddressCorrected {...props} />;
}

AddressCorrectedEn.PreviewProps = {
  ...AddressCorrected.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"address_corrected">;
