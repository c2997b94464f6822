import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openLoggedIn } from './e2e-session';
import type { TestUser } from './factories';

export interface OpenOptions {
  /** The viewport to load the page at; 1280x900 when left out. */
  viewport?: { width: number; height: number };
  /** Wait until the page is connected live (as `openLive` does); true when left out. */
  live?: boolean;
}

/**
 * One page per user (null: a visitor) for the tests of a file that need no fresh device: its context is
 * made on the user's first `open` (so each test also runs alone) and closed with the file's contexts
 * (`useBrowserAndAppDatabase`). Each `open` loads `path` as a new document, which resets what an
 * earlier test left on the page (dialogs, toasts, focus); the browser's cache and the stored session are
 * kept, so the page costs a load instead of a new context.
 */
export function pagePerUser(browser: () => Browser) {
  const pages = new Map<number | null, Page>();
  async function open(user: TestUser | null, path: string, options: OpenOptions = {}): Promise<Page> {
    const { viewport = { width: 1280, height: 900 }, live = true } = options;
    const key = user?.id ?? null;
    let page = pages.get(key);
    if (page && !page.isClosed()) {
      const size = page.viewportSize();
      if (size?.width !== viewport.width || size.height !== viewport.height) {
        await page.setViewportSize(viewport);
      }
      await page.goto(new URL(path, inject('baseUrl')).href);
    } else {
      page = await (await browser().newContext({ viewport })).newPage();
      pages.set(key, page);
      if (user) await openLoggedIn(page, user, path);
      else await page.goto(new URL(path, inject('baseUrl')).href);
    }
    if (live) await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    return page;
  }
  return open;
}
