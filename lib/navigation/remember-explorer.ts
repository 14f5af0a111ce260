import 'client-only';
import { EXPLORER_RETURN_KEY } from './explorer-return';

/** Keeps the explorer's current URL for the event page's "Back to the map" (this tab only). */
export function rememberExplorer(): void {
  try {
    if (window.location.pathname === '/') window.sessionStorage.setItem(EXPLORER_RETURN_KEY, window.location.href);
  } catch {
    // Storage refused: the link falls back to the referrer or the default view.
  }
}
