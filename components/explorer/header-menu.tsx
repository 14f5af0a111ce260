'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './explorer.module.css';

/**
 * The header's secondary actions ("near me", the language, the brand's links). Wide screens show them inline; phones
 * fold them behind one "Menu" button (a disclosure: Escape or a click elsewhere closes it).
 */
export function HeaderMenu({
  label,
  buttonLabel,
  children,
}: {
  label: string;
  buttonLabel: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <nav ref={root} className={styles.menu} aria-label={label} data-open={open || undefined}>
      <button
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          aria-hidden="true"
        >
          <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{buttonLabel}</span>
      </button>
      <div id={id} className={styles.menuItems}>
        {children}
      </div>
    </nav>
  );
}
