import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium as Playwright launches it here (docs/design.md §6): Playwright cannot download its own browser, and
 * these flags give headless WebGL through SwiftShader with no background network traffic. Shared by the e2e suite and
 * the web benchmark.
 * Chromium 156 preloads its WebUI omnibox popup (chrome://omnibox-popup.top-chrome, a Lit app in its own renderer) for
 * every new window, i.e. every Playwright context: in a trace of one benchmark page load it kept a whole core busy
 * (2.1 s of CPU in 2.4 s) next to the page, on a two-core machine. A headless run never shows an omnibox, so the
 * features are turned off; the page's own work is unchanged.
 */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--enable-unsafe-swiftshader',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
  ],
};

/**
 * The same browser with GPU compositing on SwiftShader (ANGLE) instead of software compositing: as a phone composites
 * on its GPU. Software compositing leaves the map's WebGL canvas out of the picture above the list sheet at phone
 * size (docs/web-delivery.md, "Not done"), so the documentation's screenshots use this one.
 */
export const CHROMIUM_GPU_COMPOSITING_LAUNCH_OPTIONS: LaunchOptions = {
  ...CHROMIUM_LAUNCH_OPTIONS,
  args: [
    ...(CHROMIUM_LAUNCH_OPTIONS.args ?? []).filter((arg) => arg !== '--disable-gpu'),
    '--use-gl=angle',
    '--use-angle=swiftshader',
    '--ignore-gpu-blocklist',
  ],
};
