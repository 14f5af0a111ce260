import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype, { type Font, type Glyph } from 'opentype.js';

/*
 * Text of the generated images drawn as outlines of a font the service ships (DejaVu Sans from
 * @fontsource/dejavu-sans), so a picture looks the same wherever it is shown: an SVG that names a font renders with
 * whatever the viewer has installed, and a headless Linux has no emoji font at all.
 */

export type FontWeight = 400 | 700;

const require = createRequire(import.meta.url);
const fonts = new Map<FontWeight, Font>();

/** The font of a weight, parsed on first use (about 0.1 s) and kept for the life of the process. */
function fontOf(weight: FontWeight): Font {
  let font = fonts.get(weight);
  if (!font) {
    const bytes = readFileSync(
      require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`),
    );
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    fonts.set(weight, font);
  }
  return font;
}

/** The glyphs of a text the font can draw; characters it lacks (emoji, other scripts) are left out, not boxed. */
function glyphsOf(font: Font, text: string): Glyph[] {
  const glyphs: Glyph[] = [];
  for (const char of text) {
    if (font.charToGlyphIndex(char) > 0) glyphs.push(font.charToGlyph(char));
  }
  return glyphs;
}

/** True when the font draws every character of `text` (spaces aside). */
export function fontCovers(text: string, weight: FontWeight = 700): boolean {
  const font = fontOf(weight);
  return [...text.replace(/\s/g, '')].every((char) => font.charToGlyphIndex(char) > 0);
}

export interface TextPathOptions {
  /** Centre of the line, horizontally. */
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  weight?: FontWeight;
  /** Widest the line may be: longer text is cut and ends with an ellipsis. */
  maxWidth?: number;
}

function lineWidth(font: Font, glyphs: Glyph[], scale: number): number[] {
  return glyphs.map((glyph, i) => {
    const next = glyphs[i + 1];
    return ((glyph.advanceWidth ?? 0) + (next ? font.getKerningValue(glyph, next) : 0)) * scale;
  });
}

/**
 * SVG path data of one line of text centred on `x`, with the font's kerning, cut to `maxWidth` with an ellipsis.
 * Empty when nothing can be drawn.
 */
export function textPath(text: string, { x, y, size, weight = 400, maxWidth = Infinity }: TextPathOptions): string {
  const font = fontOf(weight);
  const scale = size / font.unitsPerEm;
  let glyphs = glyphsOf(font, text);
  let advances = lineWidth(font, glyphs, scale);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  if (sum(advances) > maxWidth) {
    const ellipsis = glyphsOf(font, '…');
    let kept = glyphs.length;
    while (kept > 0 && sum(lineWidth(font, [...glyphs.slice(0, kept), ...ellipsis], scale)) > maxWidth) kept -= 1;
    glyphs = [...glyphs.slice(0, kept), ...ellipsis];
    advances = lineWidth(font, glyphs, scale);
  }
  let cursor = x - sum(advances) / 2;
  let data = '';
  glyphs.forEach((glyph, i) => {
    data += glyph.getPath(cursor, y, size).toPathData(1);
    cursor += advances[i] ?? 0;
  });
  return data;
}
