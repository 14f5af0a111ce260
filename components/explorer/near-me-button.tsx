'use client';

import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './explorer.module.css';

/** "Near me": asks for the visitor's position (the browser's prompt follows this click, never a page load). */
export function NearMeButton({
  t,
  nearMe,
  compact = false,
}: {
  t: ExplorerMessages;
  nearMe: { locating: boolean; locate: () => void };
  /** The icon alone on narrow screens (the embed's header), the label kept for assistive technologies. */
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      className={compact ? `${styles.nearMe} ${styles.nearMeCompact}` : styles.nearMe}
      onClick={nearMe.locate}
      disabled={nearMe.locating}
    >
      <svg
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v3M12 19v3M2 12h3M19 12h3" strokeLinecap="round" />
      </svg>
      <span className={styles.nearMeLabel}>{nearMe.locating ? t.locating : t.nearMe}</span>
    </button>
  );
}
