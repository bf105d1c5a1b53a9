import { copy, count } from "@souls/api/admin-words";
import type { RefObject } from "react";
import { type FieldProblem, ErrorSummary as Summary } from "../error-summary";

export type { FieldProblem };

/**
 * What a refused save of the panel says before the form: the reason, then a link to each field
 * to correct. The form focuses it (`summaryRef`); the values typed stay.
 */
export function ErrorSummary({
  summaryRef,
  message,
  problems,
}: {
  summaryRef: RefObject<HTMLDivElement>;
  /** The server's own sentence when it gave one (a published model's field emptied…). */
  message?: string;
  problems: FieldProblem[];
}) {
  return (
    <Summary
      summaryRef={summaryRef}
      title={copy.editor.summaryTitle}
      intro={[message, problems.length > 0 ? count(problems.length, copy.editor.summaryFields) : ""]
        .filter(Boolean)
        .join(" ")}
      problems={problems}
    />
  );
}
