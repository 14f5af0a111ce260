import type { EmbedTarget, EmbedTheme } from './params';

/** What the snippet page lets a partner choose. */
export interface SnippetOptions {
  categories: string[];
  bbox: string;
  live: boolean;
  locale: 'fr' | 'en';
  theme: EmbedTheme;
  target: EmbedTarget;
  height: number;
}

/** The embed URL for a set of options (only the parameters that differ from the defaults). */
export function embedUrl(origin: string, options: SnippetOptions): string {
  const query = new URLSearchParams();
  if (options.categories.length > 0) query.set('categories', options.categories.join(','));
  if (options.bbox.trim()) query.set('bbox', options.bbox.trim());
  if (options.live) query.set('live', '1');
  query.set('locale', options.locale);
  if (options.theme !== 'light') query.set('theme', options.theme);
  if (options.target !== '_top') query.set('target', options.target);
  return `${origin}/embed?${query.toString()}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The copy-paste HTML: the iframe, and a listener that follows the embed's `eventmap:height` messages (from the
 * embed's origin only) to size it.
 */
export function embedSnippet(origin: string, title: string, options: SnippetOptions): string {
  const id = 'eventmap-embed';
  return [
    `<iframe id="${id}" src="${escapeAttribute(embedUrl(origin, options))}" title="${escapeAttribute(title)}"`,
    `  width="100%" height="${Math.round(options.height)}" style="border:0;display:block" loading="lazy"`,
    `  allow="fullscreen"></iframe>`,
    '<script>',
    '  window.addEventListener("message", function (event) {',
    `    if (event.origin !== ${JSON.stringify(origin)} || !event.data || event.data.type !== "eventmap:height") return;`,
    `    var frame = document.getElementById("${id}");`,
    '    if (frame && event.data.height > 0) frame.style.height = Math.ceil(event.data.height) + "px";',
    '  });',
    '</script>',
  ].join('\n');
}
