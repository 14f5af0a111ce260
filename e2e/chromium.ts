import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium as Playwright launches it here (DESIGN §6): Playwright cannot download its own browser, and these
 * flags give headless WebGL through SwiftShader with no background network traffic. Shared by the e2e suite and the
 * web benchmark.
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
  ],
};
