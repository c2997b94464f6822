import { inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestUser } from './factories';

export type Viewport = { width: number; height: number };

/**
 * One browser context per user and viewport for the tests of a file that need no fresh device: a page
 * load in a new context fetches and compiles every script again, one in a context that has them costs
 * half as much. Each test still starts from a new document (`page`), so from the top of the page, as a
 * fresh context would; a test that routes requests or listens on its page takes a tab of its own
 * (`tab`) beside the shared one. Logged-in contexts get the user's token the way a real login stores it,
 * once, before their first page. The contexts end with the file (`useBrowserAndAppDatabase`).
 */
export function useSharedContexts(browser: () => Browser) {
  const contexts = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();

  function shared(user: TestUser | null, viewport: Viewport) {
    const key = `${user?.id ?? 'visitor'} ${viewport.width}x${viewport.height}`;
    let entry = contexts.get(key);
    if (!entry) {
      entry = (async () => {
        const context = await browser().newContext({ viewport });
        const page = await context.newPage();
        if (user) {
          // A document of the site's origin that starts no app, so the app boots once, already logged in.
          await page.goto(new URL('/favicon.svg', inject('baseUrl')).href);
          await page.evaluate((token) => localStorage.setItem('jwtToken', token), user.token);
        }
        return { context, page };
      })();
      contexts.set(key, entry);
    }
    return entry;
  }

  return {
    /** The shared page of `user` (null: a visitor) at `viewport`, loading `path` as a new document. */
    async page(user: TestUser | null, path: string, viewport: Viewport = { width: 1280, height: 900 }) {
      const { page } = await shared(user, viewport);
      await page.goto(new URL(path, inject('baseUrl')).href);
      return page;
    },
    /** A new tab, blank, in the shared context of `user` at `viewport`: the test closes it. */
    async tab(user: TestUser | null, viewport: Viewport = { width: 1280, height: 900 }) {
      const { context } = await shared(user, viewport);
      return context.newPage();
    },
  };
}
