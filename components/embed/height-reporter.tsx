'use client';

import { useEffect } from 'react';

/** The message the embed posts to its host page whenever its content height changes. */
export interface EmbedHeightMessage {
  type: 'eventmap:height';
  height: number;
}

/**
 * Tells the host page the embed's height (ResizeObserver → `postMessage`) so the snippet can size the iframe.
 * Posted to any origin: a height is no secret, and the host's origin is not known in advance.
 */
export function HeightReporter() {
  useEffect(() => {
    if (window.parent === window) return;
    let last = -1;
    const report = () => {
      const height = Math.ceil(document.documentElement.scrollHeight);
      if (height === last) return;
      last = height;
      const message: EmbedHeightMessage = { type: 'eventmap:height', height };
      window.parent.postMessage(message, '*');
    };
    const observer = new ResizeObserver(report);
    observer.observe(document.documentElement);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, []);
  return null;
}
