import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's headless build of Chromium (the chromium-headless-shell package): the same Blink as the
 * `chromium` package, made for automation, the build Playwright itself runs headless. A page load costs it
 * under a third of the CPU the full browser takes in headless mode, renderers included (15 fresh-context
 * loads of /alllistings, /market and /gettingstarted: 14 against 52 CPU-seconds by process accounting).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Debian's Chromium, never a downloaded browser. Its absence fails the run (CI installs it). */
async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium-headless-shell package (.ci/run does)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

let shared: Browser | undefined;

/**
 * One Chromium for all the files a test worker runs (their modules, this one included, are shared:
 * `isolate: false`), launched by the first: a launch and its close cost about 0.8 CPU-s, 34 times a run.
 * Each file closes the contexts it leaves (`closeContexts`), so the next one finds the browser empty; the
 * browser ends with the worker, whose exit Playwright's launcher follows. A browser that crashed is
 * launched again.
 */
export async function sharedBrowser(): Promise<Browser> {
  if (!shared?.isConnected()) shared = await launchBrowser();
  return shared;
}

/** Closes every context of `browser`, the pages of `browser.newPage()` included. */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
}
