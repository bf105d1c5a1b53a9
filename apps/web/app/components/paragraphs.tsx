/**
 * The owner's plain text as paragraphs: a blank line starts a new one, a single line break stays a
 * line break. Never HTML: React escapes every character she typed.
 */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place.
        <p key={index} className={className}>
          {paragraph.split("\n").flatMap((line, at) =>
            // biome-ignore lint/suspicious/noArrayIndexKey: a line break has no identity but its place.
            at === 0 ? [line] : [<br key={at} />, line],
          )}
        </p>
      ))}
    </>
  );
}
