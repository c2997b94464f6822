import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeContexts, sharedBrowser } from './browser';
import { connectAppDatabase, disconnectAppDatabase, openLoggedIn } from './e2e-session';
import type { TestUser } from './factories';

/** Contexts that outlive the test that made them (`useSharedPages`' devices): closed with the file's. */
const keptForFile = new WeakSet<BrowserContext>();

export function keepForFile(context: BrowserContext): void {
  keptForFile.add(context);
}

/**
 * Gives the calling file's tests the worker's Chromium and opens the app's database (for the factories)
 * before them. A context a test opens is closed after it (unless kept with `keepForFile`): a page left on
 * a live screen would go on rendering every listing the later tests post. After the file, closes the
 * contexts left and the database. Call it at the top of a test file, before its own `beforeAll`, so users
 * created there can be written. The browser exists only once the hooks have run, hence the getter.
 */
export function useBrowserAndAppDatabase(): () => Browser {
  let browser: Browser | undefined;
  let openBefore = new Set<BrowserContext>();
  beforeAll(async () => {
    browser = await sharedBrowser();
    await connectAppDatabase();
  });
  beforeEach(() => {
    openBefore = new Set(browser?.contexts());
  });
  afterEach(async () => {
    const opened = browser?.contexts().filter((c) => !openBefore.has(c) && !keptForFile.has(c)) ?? [];
    await Promise.all(opened.map((context) => context.close()));
  });
  afterAll(async () => {
    if (browser) await closeContexts(browser);
    await disconnectAppDatabase();
  });
  return () => {
    if (!browser) throw new Error('the browser opens in beforeAll');
    return browser;
  };
}

/**
 * `path` in a browser context of its own (a player's own device), or in a new tab of `beside`'s
 * context, logged in as `user` or as a visitor, once the page is connected live.
 */
export async function openLive(
  browser: Browser,
  user: TestUser | null,
  path: string,
  beside?: Page,
): Promise<Page> {
  const context = beside?.context() ?? (await browser.newContext({ viewport: { width: 1280, height: 900 } }));
  const page = await context.newPage();
  if (user) await openLoggedIn(page, user, path);
  else await page.goto(new URL(path, inject('baseUrl')).href);
  await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
  return page;
}

/** Presses `button` (OK, or a confirm's verb) in the dialog that says `message`, and waits for it to go. */
export async function answerDialog(page: Page, button: string, message: string): Promise<void> {
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: message });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Waits until `message` was said in a toast: it is read out by the shell's live region, which keeps it
 * after the toast has gone, so a slow test cannot miss it.
 */
export async function waitForToast(page: Page, message: string): Promise<void> {
  await page.getByRole('status').getByText(message, { exact: true }).first().waitFor();
}

/** The seller line (name and presence mark) on the listing card titled `item`. */
export const sellerOnCard = (page: Page, item: string) =>
  page.getByRole('article', { name: item }).locator('.listing-seller');
