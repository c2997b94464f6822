import { afterEach, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keepForFile } from './e2e-pages';
import { goToQuietDocument, storeSession } from './e2e-session';
import type { TestUser } from './factories';

type Viewport = { width: number; height: number };

const DESKTOP: Viewport = { width: 1280, height: 900 };

/**
 * One device per user (null: a visitor) for the tests of a file that need no fresh one: a browser context,
 * made on the user's first call (so each test also runs alone) and closed with the file's contexts
 * (`useBrowserAndAppDatabase`), holding one page that is resized to the viewport each test asks for.
 *
 * A page per user resized, rather than a context per user and viewport: a fresh context's first load
 * fetches and compiles every script again (about 1 CPU-s), a load in a context that has them cached costs
 * about half, and resizing costs nothing; Playwright emulates the screen with the viewport either way, so
 * the app cannot tell. Only what a device keeps (its session, storage and cache) is shared across widths.
 *
 * Each test still gets a new document (`page`, `live`), so starts from the top of the page with no dialog,
 * toast or focus left by an earlier test, as on a fresh device; a test that changes what the device keeps
 * (theme, session) needs a context of its own. A test that routes requests or listens on its page takes a
 * tab of the user's context (`tab`), closed after the test, so the shared page never carries its handlers.
 */
export function useSharedPages(browser: () => Browser) {
  const devices = new Map<number | null, Promise<Page>>();

  /** Kept as a promise, so two calls for the same user at once share one context. */
  function device(user: TestUser | null): Promise<Page> {
    const key = user?.id ?? null;
    let page = devices.get(key);
    if (!page) {
      page = (async () => {
        const context = await browser().newContext({ viewport: DESKTOP });
        keepForFile(context);
        const created = await context.newPage();
        // Once, before the first page, so the app boots logged in.
        if (user) await storeSession(created, user);
        return created;
      })();
      devices.set(key, page);
    }
    return page;
  }

  // Between tests each page waits on the site's quiet document, not on a live screen rendering other tests'
  // events, and the tabs a test opened beside it are closed (also when it failed before closing them).
  afterEach(async () => {
    await Promise.all(
      [...devices.values()].map(async (pending) => {
        const page = await pending;
        await Promise.all(
          page
            .context()
            .pages()
            .map((p) => (p === page ? goToQuietDocument(p) : p.close())),
        );
      }),
    );
  });

  /** `user`'s page at `viewport`, loading `path` as a new document. */
  async function page(user: TestUser | null, path: string, viewport: Viewport = DESKTOP): Promise<Page> {
    const shared = await device(user);
    await shared.setViewportSize(viewport);
    await shared.goto(new URL(path, inject('baseUrl')).href);
    return shared;
  }

  return {
    /** `user`'s page as it stands, nothing loaded: for a helper that loads its own pages. */
    device,
    page,
    /** As `page`, once the page is connected live. */
    async live(user: TestUser | null, path: string, viewport?: Viewport): Promise<Page> {
      const shared = await page(user, path, viewport);
      await shared.getByRole('status', { name: 'Connection: Live' }).waitFor();
      return shared;
    },
    /** A new blank tab beside `user`'s page, at 1280x900: the test closes it. */
    async tab(user: TestUser | null): Promise<Page> {
      return (await device(user)).context().newPage();
    },
  };
}
