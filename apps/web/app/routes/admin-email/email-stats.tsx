import { copy } from "@souls/core/admin-copy";
import type { RouterOutputs } from "~/lib/trpc";

const TEXT = copy.emails;

/** The queue in five figures (spec: total, en attente, envoyés, échoués, destinataires uniques). */
export function EmailStats({ stats }: { stats: RouterOutputs["emails"]["stats"] }) {
  const cards = [
    { label: TEXT.total, value: stats.total, tone: "" },
    { label: TEXT.pending, value: stats.pending, tone: "" },
    { label: TEXT.sent, value: stats.sent, tone: "" },
    { label: TEXT.failed, value: stats.failed, tone: stats.failed > 0 ? "admin-card--warn" : "" },
    { label: TEXT.uniqueRecipients, value: stats.uniqueRecipients, tone: "" },
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
    </section>
  );
}
