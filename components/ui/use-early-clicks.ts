import 'client-only';
import { useEffect, type RefObject } from 'react';
import { earlyInput } from './early-input';

/**
 * Marks the island at `ref` (rendered with `data-early-clicks`) live once it has hydrated, and clicks again the buttons
 * inside it that were clicked before (lib/ui/early-input-script.ts): the visitor's first taps take effect, late
 * rather than never.
 */
export function useEarlyClicks(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const island = ref.current;
    const state = earlyInput();
    if (!island || !state) return;
    state.live.add(island);
    state.hydrated = true;
    if (!state.held.some((button) => island.contains(button))) return;
    // After the rest of the hydration's effects (the state read from the URL, the view's first query), so a click
    // acts on the state the island has settled on.
    const timer = setTimeout(() => {
      const mine = state.held.filter((button) => island.contains(button));
      state.held = state.held.filter((button) => !island.contains(button));
      // A button the hydration replaced (a mismatch re-renders it) is no longer in the page: its click is dropped.
      for (const button of mine) if (button.isConnected) button.click();
    }, 0);
    return () => clearTimeout(timer);
  }, [ref]);
}
