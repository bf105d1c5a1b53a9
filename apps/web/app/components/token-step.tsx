import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useLocale } from "~/lib/locale";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";

/**
 * The page an e-mail's link opens (confirm a sign-up, unsubscribe): the link shows a button rather
 * than acting on its own, so a mail scanner that follows every link changes nothing. The button
 * posts the token back; the answer replaces the question. Works without JavaScript.
 */
export function TokenStep({
  title,
  text,
  button,
  token,
  outcome,
}: {
  title: string;
  text: string;
  button: string;
  token: string | null;
  /** Once answered (or for a link that cannot work): the heading and message to show instead. */
  outcome?: { title?: string; message: ReactNode; error?: boolean };
}) {
  const locale = useLocale();
  const { t } = useTranslation("subscription");
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="page page--narrow status-page">
      <h1>{outcome?.title ?? title}</h1>
      {outcome ? (
        <p className={outcome.error ? "form-error" : undefined} role={outcome.error ? "alert" : "status"}>
          {outcome.message}
        </p>
      ) : (
        <>
          <p>{text}</p>
          <Form method="post">
            <input type="hidden" name="token" value={token ?? ""} />
            <button type="submit" className="button button--primary" disabled={busy}>
              {button}
            </button>
          </Form>
        </>
      )}
      {outcome ? (
        <Link to={pathOf("home", locale)} className="button button--outline">
          {t("backHome")}
        </Link>
      ) : null}
    </main>
  );
}
