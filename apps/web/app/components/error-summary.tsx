import { type RefObject, useEffect, useRef } from "react";
import { useHydrated } from "~/lib/hydrated";

/** A refused field: its input's id (the summary links to it), its label and why. */
export interface FieldProblem {
  id: string;
  label: string;
  message: string;
}

/**
 * What a refused form says first, at its top (the pattern of GOV.UK's design system): a title,
 * then a link to each field to correct. It takes the focus when it appears — with JavaScript at
 * once, without it through `autofocus` as the page loads — so the page scrolls to it and a screen
 * reader reads it; each link focuses its field.
 */
export function ErrorSummary({
  title,
  intro,
  problems,
  summaryRef,
}: {
  title: string;
  /** A sentence before the list (the server's own, or how many fields). */
  intro?: string;
  problems: FieldProblem[];
  /** Given by a form that focuses the summary itself (after each refused save). */
  summaryRef?: RefObject<HTMLDivElement>;
}) {
  const own = useRef<HTMLDivElement>(null);
  const ref = summaryRef ?? own;
  const key = problems.map((problem) => `${problem.id}:${problem.message}`).join("|");
  // A refusal the server rendered took the focus through `autoFocus` as the page loaded; by the
  // time React hydrates, the shopper may have followed a link to a field or started typing.
  const hydrated = useHydrated();
  const serverRefusal = useRef(hydrated ? undefined : key);
  useEffect(() => {
    if (key === serverRefusal.current) return;
    serverRefusal.current = undefined;
    // Each new refusal (its fields or messages differ) is read again.
    if (!summaryRef && key) ref.current?.focus();
  }, [key, summaryRef, ref]);
  return (
    <div
      ref={ref}
      className="form-error error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the summary of a refused form is where the reader goes next (GOV.UK's pattern); without JavaScript the browser focuses it as the page loads.
      autoFocus={!summaryRef}
    >
      <p className="notice__title" id="error-summary-title">
        {title}
      </p>
      {intro ? <p>{intro}</p> : null}
      {problems.length > 0 ? (
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
      ) : null}
    </div>
  );
}
