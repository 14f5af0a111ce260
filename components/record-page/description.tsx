import { descriptionParagraphs } from '@/lib/records/description';

/** Upstream text as paragraphs and line breaks, escaped by React (never rendered as HTML). */
export function Description({ text, className }: { text: string; className?: string }) {
  const paragraphs = descriptionParagraphs(text);
  return (
    <div className={className}>
      {paragraphs.map((lines, p) => (
        <p key={p}>
          {lines.map((line, l) => (
            <span key={l}>
              {l > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
