import type { Locale } from "@souls/core/locales";
import { useTranslation } from "~/lib/translations";

/** The EU's page on consumer guarantees, in the page's language. */
export const EU_GUARANTEES_URL: Record<Locale, string> = {
  fr: "https://europa.eu/youreurope/citizens/consumers/shopping/guarantees-returns/index_fr.htm",
  en: "https://europa.eu/youreurope/citizens/consumers/shopping/guarantees-returns/index_en.htm",
};

/** The Commission's file the owner uploaded for the page's language (lib/guarantee-notice.server). */
export interface ShownGuaranteeNotice {
  src: string;
  kind: "image" | "pdf";
  width: number | null;
  height: number | null;
}

/**
 * The harmonised notice on the legal guarantee of conformity (Directive 2024/825, Commission
 * Implementing Regulation (EU) 2025/1960), shown where a shopper buys: the Commission's graphic
 * when the owner uploaded it (its words as its text alternative), its PDF as a link, and always the
 * notice's sentence and the EU's page on guarantees. Plain HTML: no script (decision 030).
 */
export function GuaranteeNotice({
  notice,
  locale,
  id,
  className,
}: {
  notice: ShownGuaranteeNotice | null;
  locale: Locale;
  /** The heading's id, unique on its page. */
  id: string;
  className?: string;
}) {
  const { t } = useTranslation("common");
  const text = t("guarantee.text");
  return (
    <section
      className={["guarantee-notice", className].filter(Boolean).join(" ")}
      aria-labelledby={id}
      data-guarantee-notice=""
    >
      <h2 id={id} className="guarantee-notice__title">
        {t("guarantee.title")}
      </h2>
      {notice?.kind === "image" ? (
        <img
          className="guarantee-notice__image"
          src={notice.src}
          alt={`${t("guarantee.title")}. ${text}`}
          width={notice.width ?? undefined}
          height={notice.height ?? undefined}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <p className="guarantee-notice__text">{text}</p>
      )}
      <ul className="guarantee-notice__links">
        {notice?.kind === "pdf" ? (
          <li>
            <a href={notice.src} type="application/pdf">
              {t("guarantee.pdf")}
            </a>
          </li>
        ) : null}
        <li>
          <a href={EU_GUARANTEES_URL[locale]} hrefLang={locale} rel="noopener noreferrer" target="_blank">
            {t("guarantee.euLink")}
            <span className="visually-hidden"> {t("guarantee.newWindow")}</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
