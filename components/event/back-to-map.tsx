'use client';

import { useSyncExternalStore } from 'react';
import { EXPLORER_RETURN_KEY, explorerReturnHref } from '@/lib/navigation/explorer-return';

const noSubscribe = () => () => {};

function remembered(): string | null {
  try {
    return window.sessionStorage.getItem(EXPLORER_RETURN_KEY);
  } catch {
    return null;
  }
}

/**
 * "Back to the map": to the explorer as the visitor left it (its URL, remembered when they opened an event from it,
 * or the referrer), else to the explorer's default view (the server's render, before the browser knows).
 */
export function BackToMap({ label, className }: { label: string; className?: string }) {
  const href = useSyncExternalStore(
    noSubscribe,
    () => explorerReturnHref(remembered(), document.referrer, window.location.origin),
    () => '/',
  );
  return (
    // A plain link: a full load restores the explorer from its URL (camera, filters, search).
    <a href={href} className={className} data-testid="back-to-map">
      <svg
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {label}
    </a>
  );
}
