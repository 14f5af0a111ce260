'use client';

import { useEffect } from 'react';
import { drawsColourEmoji, probeContext } from '@/lib/ui/colour-emoji';
import { whenIdle } from './when-idle';

function markNoEmoji(colour: boolean) {
  if (!colour) document.documentElement.dataset.emoji = 'no';
}

/** The probe on the page's own thread, once the browser is idle (no OffscreenCanvas, or the worker failed). */
function probeWhenIdle(): () => void {
  return whenIdle(() => markNoEmoji(drawsColourEmoji(probeContext())));
}

/**
 * Marks `<html data-emoji="no">` on systems without an emoji font (some Linux desktops, headless browsers), so the
 * category icons fall back to lettered badges instead of empty boxes. The probe draws an emoji, which on such a
 * system makes the browser search all its fonts: a worker does that off the page's thread (lib/ui/colour-emoji.ts).
 */
export function EmojiSupport() {
  useEffect(() => {
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return probeWhenIdle();
    let cancelIdle: (() => void) | undefined;
    let worker: Worker;
    try {
      worker = new Worker(new URL('./emoji-probe.worker.ts', import.meta.url));
    } catch {
      return probeWhenIdle();
    }
    worker.onmessage = (event: MessageEvent<boolean>) => {
      markNoEmoji(event.data);
      worker.terminate();
    };
    worker.onerror = () => {
      worker.terminate();
      cancelIdle = probeWhenIdle();
    };
    return () => {
      worker.terminate();
      cancelIdle?.();
    };
  }, []);
  return null;
}
