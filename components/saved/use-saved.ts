'use client';

import { useMemo, useSyncExternalStore } from 'react';
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

/** Saves or removes one event on this device; whether storage took it. */
export function setSaved(event: SavedEvent, save: boolean): boolean {
  try {
    const next = toggleSaved(parseSaved(read()), event, save);
    window.localStorage.setItem(SAVED_KEY, JSON.stringify(next));
    window.dispatchEvent(new Event(CHANGED));
    return true;
  } catch {
    return false;
  }
}

/**
 * The saved events of this device, live across the site's tabs (the `storage` event) and within this one; `null`
 * before hydration (the server cannot know them).
 */
export function useSaved() {
  const raw = useSyncExternalStore(subscribe, read, () => undefined);
  const list = useMemo(() => (raw === undefined ? null : parseSaved(raw)), [raw]);
  return { list, setSaved };
}

/** The ids in storage, parsed once per change of what storage holds (every save button reads them). */
let cached: { raw: string | null; ids: Set<number> } | null = null;
function savedIds(): Set<number> {
  const raw = read();
  if (cached?.raw !== raw) cached = { raw, ids: new Set(parseSaved(raw).map((e) => e.id)) };
  return cached.ids;
}

/**
 * Whether one event is saved on this device; false on the server. A yes-or-no snapshot, so that the list's fifty
 * buttons agree with the server's drawing after hydration and re-render only for the events actually saved (a
 * snapshot that differed — "unknown" on the server — re-rendered every button in a long task of its own).
 */
export function useIsSaved(id: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => savedIds().has(id),
    () => false,
  );
}
