import { serializeJsonLd } from '@/lib/records/event-json-ld';

/**
 * A JSON-LD block. It is our own serialized object (never upstream HTML), with `<` escaped by `serializeJsonLd`, so
 * no text in it can end the script element: the usual, safe way to emit structured data in React.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
