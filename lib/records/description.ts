/**
 * Turns an upstream description into paragraphs of lines, as plain text. Upstream text is never rendered as HTML:
 * tags some partners leave in (`<br>`, `<p>`) become line breaks, every other tag is dropped, and the few common
 * entities are decoded so that React can escape the result once.
 */
export function descriptionParagraphs(text: string): string[][] {
  const plain = text
    .replace(/\r\n?/g, '\n')
    .replace(/<\s*br\s*\/?\s*>/gi, '\n')
    .replace(/<\s*\/\s*(p|div|li|h[1-6])\s*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&(lt|gt|quot|#39|apos);/gi, (entity) => ENTITIES[entity.toLowerCase()] ?? entity)
    .replace(/&amp;/gi, '&');
  return plain
    .split(/\n\s*\n+/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.replace(/[ \t]+/g, ' ').trim())
        .filter((line) => line.length > 0),
    )
    .filter((lines) => lines.length > 0);
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'" };

/** The first sentence-ish of a description, for meta descriptions (≤ `max` characters, cut on a word). */
export function summary(text: string, max = 160): string {
  const flat = descriptionParagraphs(text)
    .map((lines) => lines.join(' '))
    .join(' ');
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
