/** The shortest query worth sending. */
export const SEARCH_MIN_CHARS = 2;

/** The API's longest search text (LIMITS.maxTextLength; not imported, as that module brings zod into the bundle). */
export const SEARCH_MAX_CHARS = 200;

/** Why a typed text is not searched, or the text to search. */
export type SearchText = { ok: true; q: string } | { ok: false; reason: 'empty' | 'short' | 'long' | 'no-words' };

/**
 * Checks what was typed (or came in a `q=` link) before anything is asked: blank, too short, longer than the API
 * takes, or without a single letter or digit (emoji, punctuation) — each has its own message, never an error.
 */
export function searchText(raw: string): SearchText {
  const q = raw.replace(/\s+/g, ' ').trim();
  if (q === '') return { ok: false, reason: 'empty' };
  if (q.length > SEARCH_MAX_CHARS) return { ok: false, reason: 'long' };
  if (!/[\p{L}\p{N}]/u.test(q)) return { ok: false, reason: 'no-words' };
  if ([...q].length < SEARCH_MIN_CHARS) return { ok: false, reason: 'short' };
  return { ok: true, q };
}
