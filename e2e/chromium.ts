import type { LaunchOptions } from '@playwright/test';
import { existsSync } from 'node:fs';

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
 * The journeys' browser: Debian's `chromium-headless-shell`, the same Chromium build without the browser's UI (the
 * binary Playwright itself runs for headless journeys), when installed; else the whole browser. In the suite it took
 * 8 % less CPU than the whole browser for the same journeys, most of it the browser process's own work
 * (docs/testing.md, "Where the time goes"). The benchmarks and Lighthouse keep the whole browser, as a visitor's.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const E2E_LAUNCH_OPTIONS: LaunchOptions = {
  ...CHROMIUM_LAUNCH_OPTIONS,
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
};

/**
 * The journeys' browser with GPU compositing on SwiftShader (ANGLE) instead of software compositing: as a phone composites
 * on its GPU. Software compositing leaves the map's WebGL canvas out of the picture above the list sheet at phone
 * size (docs/web-delivery.md, "Not done"), so the documentation's screenshots use this one.
 */
export const CHROMIUM_GPU_COMPOSITING_LAUNCH_OPTIONS: LaunchOptions = {
  ...E2E_LAUNCH_OPTIONS,
  args: [
    ...(E2E_LAUNCH_OPTIONS.args ?? []).filter((arg) => arg !== '--disable-gpu'),
    '--use-gl=angle',
    '--use-angle=swiftshader',
    '--ignore-gpu-blocklist',
  ],
};
