import { clientConfig } from '../helpers/client-config';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerDialog, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser, openLoggedIn } from '../helpers/e2e-session';
import { useSharedPages } from '../helpers/e2e-shared-pages';
import { postListingAs, uniqueTag } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

/** The small things of a trader's first minute, as a player meets them. */
const baseUrl = inject('baseUrl');
const browser = useBrowserAndAppDatabase();
/** The trader's and a visitor's contexts at 1280 px, for the tests that need no device of their own. */
const pages = useSharedPages(browser);
let trader: TestUser;

beforeAll(async () => {
  trader = await createE2eUser();
});

/** A device of its own, for a test whose viewport no other test here shares. */
async function newPage(width = 1280, height = 900): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height } });
  return context.newPage();
}

const card = (page: Page, item: string) => page.getByRole('article', { name: item, exact: true });

async function fillNewListing(page: Page, item: string) {
  await page.getByRole('combobox', { name: 'Item' }).fill(item);
  await page.getByRole('option', { name: item, exact: true }).click();
}

describe('the post form', () => {
  it('opens the new listing at the top of its page, highlighted', async () => {
    const page = await newPage(1280, 600);
    await openLoggedIn(page, trader, '/post');
    await fillNewListing(page, 'Empty Gas Leech');
    await page.getByLabel('Silver').fill('7');
    // Scrolled down to the button, as a player is when they press it.
    await page.getByRole('button', { name: 'Post Listing' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Post Listing' }).click();
    await page.waitForURL(/\/listing\/\d+$/);
    const posted = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) });
    await posted.waitFor();
    expect(await posted.getAttribute('class')).toContain('is-just-saved');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it('says the quantity limit and flags 9999 instead of turning it into 9007', async () => {
    const page = await pages.page(trader, '/post');
    const quantity = page.getByLabel('Quantity');
    await page.getByText('Up to 9,007').waitFor();
    await quantity.fill('9999');
    expect(await quantity.inputValue()).toBe('9999');
    await page.getByText('Quantity must be a whole number from 1 to 9,007').waitFor();
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before posting a listing for free, and explains stripped notes', async () => {
    const page = await pages.page(trader, '/post');
    await fillNewListing(page, 'Empty Gas Leech');
    await page.getByLabel('Notes').fill('Fast; "safe" trade');
    await page.getByText('Not allowed in notes, so removed:').first().waitFor();
    await page.getByRole('button', { name: 'Post Listing' }).click();
    await answerDialog(page, 'Set a price', 'Give away Empty Gas Leech for free?');
    expect(page.url()).toBe(`${baseUrl}/post`);
  });

  it('posts the listing for free once the player says to give it away', async () => {
    const page = await pages.page(trader, '/post');
    await fillNewListing(page, 'Empty Gas Leech');
    await page.getByRole('button', { name: 'Post Listing' }).click();
    await answerDialog(page, 'Give it away', 'Give away Empty Gas Leech for free?');
    await page.waitForURL(/\/listing\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    const listing: unknown = await (await fetch(`${baseUrl}/api/listings/${id}`)).json();
    expect(listing).toMatchObject({
      item: 'Empty Gas Leech',
      seller: trader.username,
      price: 0,
      totalPrice: 0,
    });
  });
});

describe('confirm dialogs', () => {
  it('name the listing and put verbs on red and plain buttons', async () => {
    const listing = await postListingAs(trader, { item: 'Rapier', type: 'sell', silver: 5 });
    const page = await pages.page(trader, `/listing/${listing.id}`);
    await page.getByRole('button', { name: 'Delete Rapier' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete listing' });
    await dialog.getByText('Delete your listing Rapier?').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete listing' });
    expect(await confirm.getAttribute('class')).toContain('danger');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('Back to All Listings', () => {
  it('returns to the browser with its filters and scroll position; filters add no history entries', async () => {
    const tag = uniqueTag('back');
    for (let i = 0; i < 12; i += 1) {
      await postListingAs(trader, { item: 'Rapier', type: 'sell', silver: 1 + i, notes: tag });
    }
    const page = await newPage(1280, 700);
    await page.goto(`${baseUrl}/alllistings`);
    const historyBefore = await page.evaluate(() => history.length);
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await page.waitForURL(/q=/);
    await page.getByLabel('Type', { exact: true }).selectOption('sell');
    await page.waitForURL(/type=sell/);
    await page.getByText('12 Active Listings').waitFor();
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);

    const last = card(page, 'Rapier').last();
    await last.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    const browseUrl = page.url();
    await last.getByRole('link', { name: 'Rapier', exact: true }).click();
    await page.waitForURL(/\/listing\/\d+$/);
    // Beside the way back to the filtered search, a way to every listing.
    const all = page.getByRole('link', { name: 'All listings (no filters)' });
    expect(await all.getAttribute('href')).toBe('/alllistings');
    await page.getByRole('link', { name: 'Back to All Listings' }).click();
    await page.waitForURL(browseUrl);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

    // "Show More" hands focus to the first card it added, above the button.
    await page.getByRole('button', { name: /^Show More/ }).click();
    const firstNew = card(page, 'Rapier').nth(10);
    await expect.poll(() => firstNew.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.context().close();
  });
});

describe('an empty market', () => {
  it('offers a visitor "Post a listing", which asks them to log in', async () => {
    const tab = await pages.tab(null);
    // The shared database is never empty: the browse request answers as the server does for no listings,
    // and the socket stays closed so that no other test's new listing arrives live.
    await tab.route(
      (url) => url.pathname === '/api/listings',
      (route) => route.fulfill({ json: [], headers: { 'X-Total-Count': '0' } }),
    );
    await tab.routeWebSocket(/\/socket\.io\//, () => {});
    await tab.goto(`${baseUrl}/alllistings`);
    const results = tab.getByRole('region', { name: 'Results' });
    await results.getByText('No listings found.').waitFor();
    expect(await results.getByRole('button', { name: 'Clear filters' }).count()).toBe(0);
    await results.getByRole('link', { name: 'Post a listing' }).click();
    await tab.waitForURL(`${baseUrl}/post`);
    await tab.getByText('Please log in to post a listing.').waitFor();
    await tab.getByRole('main').getByRole('button', { name: 'Log in' }).waitFor();
    await tab.close();
  });
});

describe('the shell', () => {
  it('"Sign up" in the login popup closes the popup, the menu and its overlay', async () => {
    const page = await pages.page(null, '/alllistings');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).click();
    const popup = page.getByRole('dialog', { name: 'Login' });
    await popup.getByRole('tab', { name: 'Email' }).click();
    await popup.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(`${baseUrl}/register`);
    await popup.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    expect(await page.locator('.sidebar-overlay.open').count()).toBe(0);
  });

  it('sends a signed-in player from /login and /register to My Profile, and skips "Log in" in the guide', async () => {
    const page = await pages.page(trader, '/login');
    await page.waitForURL(`${baseUrl}/myprofile`);
    await page.goto(`${baseUrl}/register`);
    await page.waitForURL(`${baseUrl}/myprofile`);
    await page.goto(`${baseUrl}/gettingstarted`);
    await page.getByRole('heading', { level: 1, name: 'Getting Started' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create an Account' }).count()).toBe(0);
  });

  it('loads a lazy page without the "No HydrateFallback" warning', async () => {
    const page = await pages.tab(null);
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    await page.goto(`${baseUrl}/gettingstarted`);
    await page.getByRole('heading', { level: 1, name: 'Getting Started' }).waitFor();
    expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
    await page.close();
  });

  it('without Discord login or links on the server: the popup opens on Email, says why, and links hide', async () => {
    const page = await pages.tab(null);
    await page.route('**/api/client-config', (route) =>
      route.fulfill({
        json: clientConfig(),
      }),
    );
    await page.goto(`${baseUrl}/alllistings`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    expect(await menu.getByRole('navigation', { name: 'Community' }).count()).toBe(0);
    await menu.getByRole('button', { name: 'Login' }).click();
    const popup = page.getByRole('dialog', { name: 'Login' });
    await popup.getByRole('textbox', { name: 'Email' }).waitFor();
    expect(await popup.getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')).toBe('true');
    expect(await popup.getByRole('button', { name: 'Continue with Discord' }).count()).toBe(0);
    await popup.getByRole('tab', { name: 'Discord' }).click();
    await popup.getByText('Discord login is not set up on this server yet.').waitFor();
    expect(await popup.getByRole('button', { name: 'Continue with Discord' }).count()).toBe(0);
    await page.close();
  });
});
