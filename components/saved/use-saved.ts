'use client';

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { parseSaved, SAVED_KEY, toggleSaved, type SavedEvent } from '@/lib/saved/saved-list';

/** The same-tab signal: the `storage` event reaches only the site's other tabs. */
const CHANGED = 'eventmap:saved-changed';

function read(): string | null {
  try {
    return window.localStorage.getItem(SAVED_KEY);
  } catch {
    // Storage refused (a privacy mode, a third-party frame with storage blocked): nothing saved, nothing thrown.
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === SAVED_KEY || e.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

/**
 * The saved events of this device, live across the site's tabs (the `storage` event) and within this one; `null`
 * before hydration (the server cannot know them). `setSaved` saves or removes one; it reports whether storage took it.
 */
export function useSaved() {
  const raw = useSyncExternalStore(subscribe, read, () => undefined);
  const list = useMemo(() => (raw === undefined ? null : parseSaved(raw)), [raw]);
  const setSaved = useCallback((event: SavedEvent, save: boolean): boolean => {
    try {
      const next = toggleSaved(parseSaved(read()), event, save);
      window.localStorage.setItem(SAVED_KEY, JSON.stringify(next));
      window.dispatchEvent(new Event(CHANGED));
      return true;
    } catch {
      return false;
    }
  }, []);
  return { list, setSaved };
}
