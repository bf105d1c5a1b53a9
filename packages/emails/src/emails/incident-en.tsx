/** The owner's incident e-mail in English, for the preview server (the shop renders `Incident`). */
import type { TemplateProps } from "../template-props";
import { Incident } from "./incident";

export default function IncidentEn(props: TemplateProps<"incident">) {
  return <Incident {...props} />;
}

IncidentEn.PreviewProps = {
  ...Incident.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"incident">;
