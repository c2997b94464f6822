import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { useSharedPages } from '../helpers/e2e-shared-pages';
import { adminE2eUser, createE2eUser, openLoggedIn } from '../helpers/e2e-session';
import { offerAs, postListingAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const baseUrl = inject('baseUrl');
const browser = useBrowserAndAppDatabase();
/** A visitor's and a player's context at 1280 px, for the tests that need no device of their own. */
const pages = useSharedPages(browser);
const DESKTOP = { width: 1280, height: 800 };
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  user = await createE2eUser();
  admin = await adminE2eUser();
});

/** A device of its own, for a test that changes what the next visit would find (theme, session). */
async function freshPage(): Promise<Page> {
  const context = await browser().newContext({ viewport: DESKTOP });
  return context.newPage();
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor();
  return menu;
}

const linkNames = (page: Page) =>
  page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link')
    .allTextContents();

describe('sidebar', () => {
  it('shows a visitor the public links, the version, the theme switch and Login', async () => {
    const page = await pages.page(null, '/alllistings', DESKTOP);
    const menu = await openMenu(page);
    expect(await linkNames(page)).toEqual(['Getting Started', 'All Listings', 'Market']);
    await expect(menu.getByText('Beta 0.2.6').isVisible()).resolves.toBe(true);
    await expect(menu.getByText(/^Welcome,/).count()).resolves.toBe(0);
    await expect(menu.getByRole('switch', { name: 'Dark mode' }).isVisible()).resolves.toBe(true);
    await expect(menu.getByRole('button', { name: 'Login' }).isVisible()).resolves.toBe(true);
    await expect(menu.getByRole('button', { name: 'Logout' }).count()).resolves.toBe(0);
  });

  it('links to the partner site, the game site, the bot, both chat servers and the wiki in new tabs', async () => {
    const page = await pages.page(null, '/alllistings', DESKTOP);
    const menu = await openMenu(page);
    const external = menu.getByRole('navigation', { name: 'Community' }).getByRole('link');
    await expect(external.count()).resolves.toBe(6);
    const hrefs = await external.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs).toContain('https://www.brightershores.com/');
    expect(hrefs).toContain('https://brightershoreswiki.org/');
    expect(hrefs.filter((h) => h.startsWith('https://discord.gg/'))).toHaveLength(2);
    const targets = await external.evaluateAll((links) => links.map((a) => a.getAttribute('target')));
    expect(new Set(targets)).toEqual(new Set(['_blank']));
  });

  it('shows a logged-in user the welcome line, Post Listing, My Profile and Logout', async () => {
    const page = await pages.page(user, '/alllistings', DESKTOP);
    const menu = await openMenu(page);
    await expect(menu.getByText(`Welcome, ${user.username}`).isVisible()).resolves.toBe(true);
    expect(await linkNames(page)).toEqual([
      'Getting Started',
      'Post Listing',
      'All Listings',
      'Market',
      'My Profile',
    ]);
    await expect(menu.getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true);
  });

  it('adds Admin Panel for an admin once the server confirms it', async () => {
    const page = await pages.page(admin, '/alllistings', DESKTOP);
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Admin Panel' }).waitFor();
    expect(await linkNames(page)).toEqual([
      'Getting Started',
      'Post Listing',
      'All Listings',
      'Market',
      'My Profile',
      'Admin Panel',
    ]);
  });

  it('closes with Escape, the close button or the overlay, and gives focus back to the menu button', async () => {
    const page = await pages.page(null, '/alllistings', DESKTOP);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const menu = await openMenu(page);
    await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect(menuButton.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    await openMenu(page);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'hidden' });

    await openMenu(page);
    await page.mouse.click(1200, 400);
    await menu.waitFor({ state: 'hidden' });
  });

  it('keeps Tab inside the open menu', async () => {
    const page = await pages.page(null, '/alllistings', DESKTOP);
    const menu = await openMenu(page);
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      await expect(menu.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('navigates with an internal link and closes', async () => {
    const page = await pages.page(null, '/alllistings', DESKTOP);
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Getting Started' }).click();
    await page.waitForURL(`${baseUrl}/gettingstarted`);
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Getting Started' }).waitFor();
  });

  it('opens the login popup from Login', async () => {
    const page = await pages.page(null, '/alllistings', DESKTOP);
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Login' }).click();
    const popup = page.getByRole('dialog', { name: /log ?in|sign in/i });
    await popup.waitFor();
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
  });
});

describe('theme', () => {
  it('is dark by default, switches to light and remembers it across visits without a flash', async () => {
    const page = await freshPage();
    await page.goto(`${baseUrl}/alllistings`);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    await expect(theme()).resolves.toBe('dark');

    const menu = await openMenu(page);
    const toggle = menu.getByRole('switch', { name: 'Dark mode' });
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
    await toggle.click();
    await expect(theme()).resolves.toBe('light');
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false');

    // Hold the app's script back: the theme must already be applied before any of it runs. The
    // browser may ask for the script before the head's theme script has run, so look once the parser
    // is past the head (the app's module script runs only after parsing, so holding it blocks nothing).
    let themeBeforeApp: string | undefined;
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await page.waitForFunction(() => document.body !== null);
      themeBeforeApp = await page.evaluate(() => document.documentElement.dataset.theme);
      await route.continue();
    });
    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(themeBeforeApp).toBe('light');
    await expect(theme()).resolves.toBe('light');

    const reopened = await openMenu(page);
    await reopened.getByRole('switch', { name: 'Dark mode' }).click();
    await expect(theme()).resolves.toBe('dark');
    await page.reload();
    await expect(theme()).resolves.toBe('dark');
    await page.close();
  });
});

describe('notice dialog and toasts (Logout)', () => {
  it('asks to confirm: focus moves in, Tab is trapped, Escape cancels and focus returns', async () => {
    const page = await pages.page(user, '/gettingstarted', DESKTOP);
    const menu = await openMenu(page);
    const logout = menu.getByRole('button', { name: 'Logout' });
    await logout.click();

    const dialog = page.getByRole('alertdialog', { name: 'Log Out' });
    await dialog.waitFor();
    await expect(dialog.getByText('Are you sure you want to log out?').isVisible()).resolves.toBe(true);
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await expect(focused()).resolves.toBe('Stay logged in');
    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toBe('Log out');
    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toBe('Stay logged in');
    await page.keyboard.press('Shift+Tab');
    await expect(focused()).resolves.toBe('Log out');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(logout.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(menu.getByText(`Welcome, ${user.username}`).isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe('/gettingstarted');
  });

  it('Cancel keeps the session', async () => {
    const page = await pages.page(user, '/gettingstarted', DESKTOP);
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page
      .getByRole('alertdialog', { name: 'Log Out' })
      .getByRole('button', { name: 'Stay logged in' })
      .click();
    await expect(menu.getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => localStorage.getItem('jwtToken'))).resolves.toBe(user.token);
  });

  it('Confirm logs out, goes to /alllistings and shows a toast for 2.5 s', async () => {
    const page = await freshPage();
    // Timed by the page's own clock as the toast comes and goes: the test's view of it lags under load.
    await page.addInitScript(() => {
      const times: number[] = [];
      (window as unknown as { toastTimes: number[] }).toastTimes = times;
      new MutationObserver(() => {
        const shown = document.querySelector('[aria-label="Close: You have been logged out."]') !== null;
        if (shown === (times.length % 2 === 0)) times.push(performance.now());
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await openLoggedIn(page, user, '/gettingstarted');
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alertdialog', { name: 'Log Out' }).getByRole('button', { name: 'Log out' }).click();

    await page.waitForURL(`${baseUrl}/alllistings`);
    // The toast is seen by its close button; its words are read out by the shell's live region.
    const toast = page.getByRole('button', { name: 'Close: You have been logged out.' });
    await toast.waitFor();
    await page.getByRole('status').filter({ hasText: 'You have been logged out.' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('jwtToken'))).resolves.toBeNull();
    await openMenu(page);
    await expect(page.getByRole('button', { name: 'Login' }).isVisible()).resolves.toBe(true);

    await toast.waitFor({ state: 'detached', timeout: 5000 });
    const [shownAt, goneAt] = await page.evaluate(
      () => (window as unknown as { toastTimes: number[] }).toastTimes,
    );
    expect(goneAt! - shownAt!).toBeGreaterThan(2000);
    expect(goneAt! - shownAt!).toBeLessThan(3500);
    await page.close();
  });
});

describe('layout', () => {
  it('on a 390 px phone: the whole site title, every profile tab, and at most two toasts low down', async () => {
    const [buyer, listing] = await Promise.all([
      createE2eUser(),
      postListingAs(user, { item: 'Rapier', type: 'sell', quantity: 3, gold: 1 }),
    ]);
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openLoggedIn(page, user, '/myprofile?tab=searches');
    const title = page.getByRole('banner').locator('.logo-text');
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The tabs wrap instead of running past the edge, the chosen one among them.
    const tabs = page.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
    await page.getByRole('tab', { name: 'Saved searches', selected: true }).waitFor();
    const boxes = await tabs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
    expect(boxes).toHaveLength(6);
    for (const box of boxes) expect(box.left >= 0 && box.right <= 390).toBe(true);

    // Three offers in a row: the hovered stack keeps them all, but shows only the newest two.
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    const toasts = page.locator('.toast');
    await offerAs(buyer, listing.id, 900);
    await toasts.first().hover();
    await Promise.all([offerAs(buyer, listing.id, 950), offerAs(buyer, listing.id, 990)]);
    await expect.poll(() => toasts.count()).toBe(3);
    const shown = await toasts.evaluateAll((els) =>
      els.filter((el) => el.checkVisibility()).map((el) => el.getBoundingClientRect().toJSON()),
    );
    expect(shown).toHaveLength(2);
    expect(844 - Math.min(...shown.map((box) => box.top))).toBeLessThan(844 / 4);
    await context.close();
  });

  it('states in the footer that the site is not affiliated with Fen Research', async () => {
    const page = await pages.page(null, '/gettingstarted', DESKTOP);
    const footer = page.getByRole('contentinfo');
    await expect(footer.textContent()).resolves.toMatch(/not affiliated with.*Fen Research/);
  });

  it('fits a 390 px wide screen without sideways scrolling', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const path of ['/alllistings', '/gettingstarted', '/test']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
        390,
      );
    }
    await openMenu(page);
    await expect(
      page.getByRole('dialog', { name: 'Menu' }).evaluate((el) => el.getBoundingClientRect().width),
    ).resolves.toBe(220);
    await context.close();
  });
});
