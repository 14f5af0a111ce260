/** A `#rgb`/`#rrggbb` colour from upstream, or the fallback when it is anything else (it ends up in a style). */
export function safeColor(value: string, fallback = '#1d3557'): string {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim()) ? value.trim() : fallback;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a `#rgb`/`#rrggbb` colour. */
export function luminance(hex: string): number {
  let h = safeColor(hex).slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

/** Black or white, whichever contrasts more with the background (always ≥ 4.5:1, so text on it stays readable). */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  const l = luminance(background);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}
