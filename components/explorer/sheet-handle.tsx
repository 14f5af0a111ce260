'use client';

import { useRef } from 'react';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './explorer.module.css';
import { snapAfterDrag, snapAfterKey, type Snap } from './sheet-snap';

/**
 * The list sheet's grip (phones): drag it up or down to snap the sheet to peek, half or full; a tap opens it a step;
 * the arrow keys move it. Its name says where the sheet is.
 */
export function SheetHandle({ t, snap, onSnap }: { t: ExplorerMessages; snap: Snap; onSnap: (snap: Snap) => void }) {
  const start = useRef<number | null>(null);
  const label = { peek: t.sheetPeek, half: t.sheetHalf, full: t.sheetFull }[snap];
  return (
    <button
      type="button"
      className={styles.sheetHandle}
      aria-label={`${t.listSheet} — ${label}`}
      data-snap={snap}
      onPointerDown={(e) => {
        start.current = e.clientY;
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerUp={(e) => {
        if (start.current === null) return;
        onSnap(snapAfterDrag(snap, e.clientY - start.current));
        start.current = null;
      }}
      onPointerCancel={() => (start.current = null)}
      onClick={(e) => {
        // Pointer taps were handled on pointerup; a keyboard "click" (Enter, Space) has no pointer position.
        if (e.detail === 0) onSnap(snapAfterDrag(snap, 0));
      }}
      onKeyDown={(e) => {
        const next = snapAfterKey(snap, e.key);
        if (next === null) return;
        e.preventDefault();
        onSnap(next);
      }}
    >
      <span aria-hidden="true" className={styles.sheetGrip} />
    </button>
  );
}
