import type { RefObject } from "react";
import { copy, count } from "./copy";

/** A refused field: its input's id (the summary links to it), its label and why. */
export interface FieldProblem {
  id: string;
  label: string;
  message: string;
}

/**
 * What a refused save says before the form: the reason, then a link to each field to correct.
 * The form focuses it (`summaryRef`) so a screen reader reads it at once; the values typed stay.
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
    <div ref={summaryRef} className="form-error admin-error-summary" role="alert" tabIndex={-1}>
      <p className="notice__title">{copy.editor.summaryTitle}</p>
      {message ? <p>{message}</p> : null}
      {problems.length > 0 ? (
        <>
          <p>{count(problems.length, copy.editor.summaryFields)}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem.id}>
                <a
                  href={`#${problem.id}`}
                  onClick={(event) => {
                    // Focus, not only scroll: the field's label and message are read next.
                    event.preventDefault();
                    document.getElementById(problem.id)?.focus();
                  }}
                >
                  {problem.label} : {problem.message}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
