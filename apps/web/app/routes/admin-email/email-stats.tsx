import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import type { RouterOutputs } from "~/lib/trpc";

const TEXT = copy.emails;
const NUMBER = new Intl.NumberFormat("fr-FR");

/** The queue in five figures (spec: total, en attente, envoyés, échoués, destinataires uniques). */
export function EmailStats({ stats }: { stats: RouterOutputs["emails"]["stats"] }) {
  const number = (value: number, estimate = false) =>
    estimate && stats.estimated ? fill(TEXT.about, { n: NUMBER.format(value) }) : NUMBER.format(value);
  const cards = [
    { label: TEXT.total, value: number(stats.total, true), tone: "" },
    { label: TEXT.pending, value: number(stats.pending), tone: "" },
    { label: TEXT.sent, value: number(stats.sent, true), tone: "" },
    { label: TEXT.failed, value: number(stats.failed), tone: stats.failed > 0 ? "admin-card--warn" : "" },
    { label: TEXT.uniqueRecipients, value: number(stats.uniqueRecipients, true), tone: "" },
  ];
  return (
    <section aria-label={TEXT.stats}>
      <dl className="admin-cards admin-cards--five">
        {cards.map((card) => (
          <div key={card.label} className={`admin-card ${card.tone}`.trim()}>
            <dt>{card.label}</dt>
            <dd>{card.value}</dd>
          </div>
        ))}
      </dl>
      {stats.estimated ? <p className="admin-hint">{TEXT.estimated}</p> : null}
    </section>
  );
}
