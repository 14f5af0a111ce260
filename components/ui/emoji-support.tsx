'use client';

import { useEffect } from 'react';

/** Whether the system draws colour emoji (a colour glyph leaves coloured pixels; a missing glyph leaves grey ones). */
function drawsColourEmoji(): boolean {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 16;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return true;
  ctx.textBaseline = 'top';
  ctx.font = '14px sans-serif';
  ctx.fillText('🎵', 0, 0);
  const data = ctx.getImageData(0, 0, 16, 16).data;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    if (a > 0 && (Math.abs(r - g) > 20 || Math.abs(g - b) > 20)) return true;
  }
  return false;
}

/**
 * Marks `<html data-emoji="no">` on systems without an emoji font (some Linux desktops, headless browsers), so the
 * category icons fall back to lettered badges instead of empty boxes.
 */
export function EmojiSupport() {
  useEffect(() => {
    if (!drawsColourEmoji()) document.documentElement.dataset.emoji = 'no';
  }, []);
  return null;
}
