import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { answerDialog, useBrowserAndAppDatabase, waitForToast } from '../helpers/e2e-pages';
import { createE2eUser, openLoggedIn } from '../helpers/e2e-session';
import { useSharedPages } from '../helpers/e2e-shared-pages';
import { postListingAs, uniqueTag } from '../helpers/e2e-users';
import { expectAccessibleInBothThemes } from '../helpers/e2e-screens';
import type { TestUser } from '../helpers/factories';

/** A trader's first minute: visible actions, honest loading, safe offers, a phone's first screen. */
const baseUrl = inject('baseUrl');
const browser = useBrowserAndAppDatabase();
/** A visitor's context at 1280 px, for the tests that need no device of their own. */
const pages = useSharedPages(browser);
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  seller = await createE2eUser();
  buyer = await createE2eUser();
});

/** A device of its own: a session that starts or ends in the test, or a width no other test here shares. */
async function newPage(b: Browser, width = 1280, height = 900): Promise<Page> {
  const context = await b.newContext({ viewport: { width, height } });
  return context.newPage();
}

const topBar = (page: Page) => page.getByRole('banner');
/** The browse request (GET /api/listings?...), not a single listing's. */
const BROWSE_REQUEST = /\/api\/listings\?/;

describe('top bar actions', () => {
  it('offers a visitor "Log in" (a popup that ends at its Discord button), "Sign up" and "Post a listing"', async () => {
    const page = await pages.page(null, '/alllistings');
    await topBar(page).getByRole('link', { name: 'Post a listing' }).waitFor();
    expect(await topBar(page).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
    await topBar(page).getByRole('button', { name: 'Log in' }).click();
    const popup = page.getByRole('dialog', { name: 'Login' });
    await popup.waitFor();
    const discord = popup.getByRole('tabpanel', { name: 'Discord' }).getByRole('button');
    const [box, button] = [(await popup.boundingBox())!, (await discord.boundingBox())!];
    // Only the popup's padding below the button: the Email form's height leaves no blank under it.
    expect(box.y + box.height - (button.y + button.height)).toBeLessThan(40);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
  });

  it('after logging in from the popup, focuses the page heading without a focus ring', async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl}/alllistings`);
    await topBar(page).getByRole('button', { name: 'Log in' }).click();
    const popup = page.getByRole('dialog', { name: 'Login' });
    await popup.getByRole('tab', { name: 'Email' }).click();
    await popup.getByRole('textbox', { name: 'Email' }).fill(buyer.email);
    await popup.getByLabel('Password').fill(buyer.password);
    await popup.getByRole('button', { name: 'Sign In' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Current Listings' });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
    await topBar(page)
      .getByRole('button', { name: `Account menu, ${buyer.username}` })
      .waitFor();
    await page.context().close();
  });

  it('gives a logged-in trader "Post a listing" and an account menu driven by the keyboard', async () => {
    const page = await newPage(browser());
    await openLoggedIn(page, seller, '/alllistings');
    await topBar(page).getByRole('link', { name: 'Post a listing' }).waitFor();
    expect(await topBar(page).getByRole('button', { name: 'Log in' }).count()).toBe(0);

    const button = topBar(page).getByRole('button', { name: `Account menu, ${seller.username}` });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Account' });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'My Profile',
      'My Offers',
      'Settings',
      'Log out',
    ]);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('My Profile');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('My Offers');
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Log out');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    await button.click();
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL(/\/myprofile\?tab=settings$/);

    await button.click();
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    await answerDialog(page, 'Log out', 'Are you sure you want to log out?');
    await topBar(page).getByRole('button', { name: 'Log in' }).waitFor();
    await page.context().close();
  });

  it('folds into icon buttons with the same names at 390 px', async () => {
    const page = await newPage(browser(), 390, 844);
    await openLoggedIn(page, seller, '/alllistings');
    const post = topBar(page).getByRole('link', { name: 'Post a listing' });
    await post.waitFor();
    expect((await post.boundingBox())!.width).toBeLessThanOrEqual(44);
    const account = topBar(page).getByRole('button', { name: /^Account menu/ });
    expect((await account.boundingBox())!.width).toBeLessThanOrEqual(44);
    await page.context().close();
  });

  it('lets a visitor log in from /post and from a listing where "Make an Offer" would be', async () => {
    const listing = await postListingAs(seller, { item: 'Rapier', type: 'sell', quantity: 1, gold: 1 });
    const page = await pages.page(null, '/post');
    const main = page.getByRole('main');
    await main.getByText('Please log in to post a listing.').waitFor();
    await main.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Login' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/listing/${listing.id}`);
    await main.getByText('Log in to make an offer.').waitFor();
    expect(await main.getByRole('button', { name: 'Make an Offer' }).count()).toBe(0);
    await main.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Login' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Login' }).waitFor({ state: 'detached' });
  });
});

describe('first visit to the browser', () => {
  it('says what the site is, tells which filters a search cleared, and offers "Clear filters" on no results', async () => {
    const page = await pages.page(null, '/alllistings?episode=Hopeport&profession=Miner');
    await page.getByText('Buy and sell Brighter Shores items with other players.').waitFor();

    // The open dropdowns lie over the results without leaving any control too small to hit.
    for (const name of ['Episode', 'Profession']) {
      await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
      await page.getByRole('listbox', { name }).waitFor();
      if (name === 'Episode') await expectAccessibleInBothThemes(page, 'episode dropdown open');
      await page.keyboard.press('Escape');
    }

    const nothing = uniqueTag('nothing');
    await page.getByRole('searchbox', { name: 'Search' }).fill(nothing);
    const note = 'Episode and profession filters cleared by the new search.';
    await page.getByRole('search').getByText(note).waitFor();
    await page.getByRole('status').getByText(note).waitFor();
    expect(new URL(page.url()).search).toBe(`?q=${nothing}`);
    await page.getByText('No listings found.').waitFor();
    await expectAccessibleInBothThemes(page, 'no results, filters cleared note');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(`${baseUrl}/alllistings`);
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
    expect(await page.getByRole('search').getByText(note).count()).toBe(0);
  });
});

describe('honest loading and error states', () => {
  it('shows skeletons, not "0 Active Listings" or the empty state, while the listings are on their way', async () => {
    await postListingAs(seller, { item: 'Rapier', type: 'sell', quantity: 1, gold: 1 });
    const page = await pages.tab(null);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(BROWSE_REQUEST, async (route: Route) => {
      await released;
      await route.continue();
    });
    // The default filters: their key is the empty string, which must not pass for "already loaded".
    await page.goto(`${baseUrl}/alllistings`);
    await page.getByRole('status', { name: 'Loading listings' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByText('Active Listing').count()).toBe(0);
    expect(await main.getByText('No listings found.').count()).toBe(0);

    release();
    await main.getByRole('article').first().waitFor();
    await main.getByText(/^[\d,]+ Active Listings?$/).waitFor();
    expect(await page.getByRole('status', { name: 'Loading listings' }).count()).toBe(0);
    await page.close();
  });

  it('shows the error alone on a 500, and Try again loads the listings', async () => {
    const tag = uniqueTag('fail');
    await postListingAs(seller, { item: 'Rapier', type: 'sell', quantity: 1, gold: 1, notes: tag });
    const page = await pages.tab(null);
    await page.route(BROWSE_REQUEST, (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal server error', code: 'INTERNAL' } }),
    );
    await page.goto(`${baseUrl}/alllistings?q=${tag}`);
    const main = page.getByRole('main');
    await main.getByRole('alert').getByText('Failed to load listings').waitFor();
    expect(await main.getByText('No listings found.').count()).toBe(0);
    expect(await main.getByText('Active Listing').count()).toBe(0);

    await page.unroute(BROWSE_REQUEST);
    await main.getByRole('button', { name: 'Try again' }).click();
    await main.getByRole('article', { name: 'Rapier' }).waitFor();
    expect(await main.getByText('Failed to load listings').count()).toBe(0);
    await page.close();
  });

  it('does not call a server error on /listing/{id} "not found"', async () => {
    const listing = await postListingAs(seller, { item: 'Rapier', type: 'sell', quantity: 1, gold: 1 });
    const page = await pages.tab(null);
    const one = new RegExp(`/api/listings/${listing.id}$`);
    await page.route(one, (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal server error', code: 'INTERNAL' } }),
    );
    await page.goto(`${baseUrl}/listing/${listing.id}`);
    const main = page.getByRole('main');
    await main.getByRole('alert').getByText('Failed to load listing').waitFor();
    expect(await main.getByText(/not found/i).count()).toBe(0);

    await page.unroute(one);
    await main.getByRole('button', { name: 'Try again' }).click();
    await main.getByRole('heading', { name: 'Rapier', level: 1 }).waitFor();
    await page.close();
  });
});

describe('offers that do not invite overpaying', () => {
  it("shows both totals and asks before an offer above a sell listing's total, naming both figures", async () => {
    // 20 Rapiers for 50s in total; 45s typed as Each (the default) means 900s for the lot.
    const listing = await postListingAs(seller, {
      item: 'Rapier',
      type: 'sell',
      quantity: 20,
      silver: 50,
      priceMode: 'Total',
    });
    const page = await newPage(browser());
    await openLoggedIn(page, buyer, `/listing/${listing.id}`);
    await page.getByRole('button', { name: 'Make an Offer' }).click();
    const form = page.getByRole('form', { name: 'Make an offer' });
    // The form starts at the asking price, 2s 500c each: 45s each replaces it.
    await form.getByLabel('Copper').fill('');
    await form.getByLabel('Silver').fill('45');
    const yours = form.locator('.offer-form-total').filter({ hasText: 'Your offer for 20 items' });
    await expect.poll(() => yours.getByRole('definition').textContent()).toContain('900s');
    const asks = form.locator('.offer-form-total').filter({ hasText: 'Listing asks for 20 items' });
    expect(await asks.getByRole('definition').textContent()).toContain('50s');

    const question = 'Your offer of 900s for 20 items is more than the listing asks (50s). Send it anyway?';
    await form.getByRole('button', { name: 'Submit Offer' }).click();
    await answerDialog(page, 'Change offer', question);
    const card = page.getByRole('listitem', { name: new RegExp(`^Offer from ${buyer.username}`) });
    expect(await card.count()).toBe(0);

    await form.getByLabel('Price mode').selectOption('Total');
    await form.getByRole('button', { name: 'Submit Offer' }).click();
    await waitForToast(page, 'Offer submitted successfully!');
    await card.getByText('for 20').waitFor();
    await page.context().close();
  });
});

describe('mobile browsing at 390 px', () => {
  it('keeps search and sort in view, the first listing in the first screen, the other filters in a sheet', async () => {
    const tag = uniqueTag('phone');
    await postListingAs(seller, { item: 'Rapier', type: 'sell', quantity: 1, gold: 1, notes: tag });
    const page = await newPage(browser(), 390, 844);
    await page.goto(`${baseUrl}/alllistings?q=${tag}`);
    const main = page.getByRole('main');
    const card = main.getByRole('article', { name: 'Rapier' });
    await card.waitFor();
    expect((await card.boundingBox())!.y).toBeLessThan(844);
    await expect(main.getByRole('searchbox', { name: 'Search' }).isVisible()).resolves.toBe(true);
    await expect(main.getByRole('combobox', { name: 'Sort' }).isVisible()).resolves.toBe(true);
    expect(await main.getByRole('combobox', { name: 'Type' }).count()).toBe(0);

    const filters = main.getByRole('button', { name: /^Filters/ });
    await filters.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('combobox', { name: 'Type' }).selectOption('buy');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await filters.evaluate((el) => el === document.activeElement)).toBe(true);
    await main.getByRole('button', { name: 'Filters 1 active' }).waitFor();
    await main.getByText('No listings found.').waitFor();
    await page.context().close();
  });
});
