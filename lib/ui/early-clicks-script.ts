/**
 * Clicks on a page's buttons before its scripts have hydrated them. Without this, a tap on "Filters" or on a category
 * chip in a phone's first seconds does nothing: the button is in the server's HTML and looks ready, but React has not
 * attached its handler yet, and React drops a click on markup it has not hydrated (measured at 390×844 under 4× CPU
 * throttling: half of the taps made within a second of the button's first paint were lost).
 *
 * The script below runs inline in the document's head, before any button is parsed. It holds clicks on plain buttons
 * (`type="button"`: a button that does nothing without its script) inside an element marked `data-early-clicks`,
 * until that element's island says it is live (`useEarlyClicks`), which then clicks them again, in order. Links and
 * submit buttons are left alone: they work without scripts. A held click is stopped before React's own listener on
 * the document sees it, so React never handles it too (it may hydrate the island during the click and run the handler).
 */
function installEarlyClicks() {
  const state: EarlyClicks = { held: [], live: new WeakSet() };
  (window as unknown as { __earlyClicks: EarlyClicks }).__earlyClicks = state;
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const button = target.closest('button[type="button"]');
      const island = button && button.closest('[data-early-clicks]');
      if (!button || !island || state.live.has(island)) return;
      event.stopImmediatePropagation();
      state.held.push(button as HTMLElement);
    },
    true,
  );
}

/** The held clicks' state, at `window.__earlyClicks`. */
export interface EarlyClicks {
  /** Buttons clicked before their island was live, in the order of the clicks. */
  held: HTMLElement[];
  /** Islands whose buttons have their handlers: clicks on them pass. */
  live: WeakSet<Element>;
}

/** The inline script's source: the installer, called at once. It reads nothing from outside itself. */
export const EARLY_CLICKS_SCRIPT = `(${installEarlyClicks.toString()})()`;
