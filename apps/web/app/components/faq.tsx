export interface FaqItem {
  question: string;
  answer: string;
}

/** Questions and answers as native disclosure widgets: keyboard- and no-JavaScript-friendly. */
export function Faq({
  title,
  items,
  className = "",
}: {
  title: string;
  items: FaqItem[];
  className?: string;
}) {
  return (
    <section className={`faq ${className}`.trim()} aria-labelledby="faq-title">
      <h2 id="faq-title" className="section__title">
        {title}
      </h2>
      {items.map((item) => (
        <details key={item.question} className="faq__item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </section>
  );
}
