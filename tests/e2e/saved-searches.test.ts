import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { answerDialog, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { postListingAs, uniqueTag } from '../helpers/e2e-users';
import { expectScreensAccessible, type Screen } from '../helpers/e2e-screens';
import type { TestUser } from '../helpers/factories';
import { useSharedPages } from '../helpers/e2e-shared-pages';

const browser = useBrowserAndAppDatabase();
/** The trader's page and a visitor's, shared by the tests: none needs a fresh device. */
const pages = useSharedPages(browser);
let trader: TestUser;

beforeAll(async () => {
  trader = await createE2eUser();
});

describe('saved searches', () => {
  it('saves the browser search with a price condition, lists it in My Profile, runs it and deletes it', async () => {
    const tag = uniqueTag('leech');
    const page = await pages.live(trader, `/alllistings?q=${tag}&type=sell`);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByText(`"${tag}" · Sell`).waitFor();
    await dialog.getByLabel('Name').fill('Cheap leeches');
    await dialog.getByRole('checkbox', { name: 'Only when the unit price is at most' }).check();
    await dialog.getByLabel('Silver').fill('5');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Saved "Cheap leeches".').first().waitFor();

    await page.goto(new URL('/myprofile?tab=searches', inject('baseUrl')).href);
    const tab = page.getByRole('tabpanel', { name: 'Saved searches' });
    const item = tab.getByRole('listitem').filter({ hasText: 'Cheap leeches' });
    await item.getByText(`"${tag}" · Sell · at most 5s each`).waitFor();

    await item.getByRole('button', { name: 'Run Cheap leeches' }).click();
    await page.waitForURL((url) => url.pathname === '/alllistings' && url.searchParams.get('q') === tag);
    expect(new URL(page.url()).searchParams.get('type')).toBe('sell');
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(tag);

    await page.goBack();
    await item.getByRole('button', { name: 'Delete Cheap leeches' }).click();
    await answerDialog(page, 'Confirm', 'Delete the saved search "Cheap leeches"?');
    await tab.getByText('You have no saved searches yet.').waitFor();
  });

  it('asks a visitor to log in first', async () => {
    const page = await pages.live(null, '/alllistings?q=ore');
    await page.getByRole('button', { name: 'Save this search' }).click();
    await page.getByRole('dialog', { name: 'Login' }).waitFor();
  });

  describe('with an exact item', () => {
    // A search for "Potion Boost" finds both; the item filter only the one named.
    const PINNED = '+1 Potion Boost Level';
    const KIN = '+2 Potion Boost Level';
    const tag = uniqueTag('boost');
    const pinnedPath = `/alllistings?item=${encodeURIComponent(PINNED)}&q=${tag}`;
    const pin = (page: Page) => page.getByRole('button', { name: `Item: ${PINNED}, remove this filter` });
    const card = (page: Page, item: string) => page.getByRole('article', { name: item });

    beforeAll(async () => {
      const seller = await createE2eUser();
      await postListingAs(seller, { item: PINNED, type: 'sell', silver: 3, notes: tag });
      await postListingAs(seller, { item: KIN, type: 'sell', silver: 4, notes: tag });
    });

    it('browses one item from the URL, saves it, shows it in Settings, runs it back and removes the pin', async () => {
      const page = await pages.live(trader, pinnedPath);
      await pin(page).waitFor();
      await card(page, PINNED).waitFor();
      await page.getByRole('status').filter({ hasText: '1 Active Listing' }).waitFor();
      expect(await card(page, KIN).count()).toBe(0);

      await page.getByRole('button', { name: 'Save this search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save this search' });
      await dialog.getByText(`"${tag}" · Item: ${PINNED}`).waitFor();
      await dialog.getByLabel('Name').fill('Boost one');
      await dialog.getByRole('button', { name: 'Save search' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.goto(new URL('/myprofile?tab=searches', inject('baseUrl')).href);
      const saved = page
        .getByRole('tabpanel', { name: 'Saved searches' })
        .getByRole('listitem')
        .filter({ hasText: 'Boost one' });
      await saved.getByText(`"${tag}" · Item: ${PINNED}`).waitFor();
      await saved.getByRole('button', { name: 'Run Boost one' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/alllistings' && url.searchParams.get('item') === PINNED,
      );
      expect(new URL(page.url()).searchParams.get('q')).toBe(tag);
      await card(page, PINNED).waitFor();
      await page.getByRole('status').filter({ hasText: '1 Active Listing' }).waitFor();
      expect(await card(page, KIN).count()).toBe(0);

      // Without the pin the search finds the item's kin too; focus stays in the filters.
      await pin(page).click();
      await card(page, KIN).waitFor();
      expect(new URL(page.url()).searchParams.has('item')).toBe(false);
      expect(await card(page, PINNED).count()).toBe(1);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
        .toBe('search');
    });

    it('opens from the item page, and names an item the catalogue does not have', async () => {
      const page = await pages.live(null, `/item/${encodeURIComponent(PINNED)}`);
      await page.getByRole('link', { name: 'All listings of this item' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/alllistings' && url.searchParams.get('item') === PINNED,
      );
      await pin(page).waitFor();
      await card(page, PINNED).first().waitFor();

      await page.goto(new URL('/alllistings?item=%2B1%20potion%20boost%20level', inject('baseUrl')).href);
      await page.getByRole('alert').getByText(`(did you mean "${PINNED}"?)`).waitFor();
      await page.getByRole('button', { name: 'Item: +1 potion boost level, remove this filter' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /Active Listings?$/ })
        .waitFor();
    });

    it('passes axe on the pinned browser, the saved search and the item page in both themes', async () => {
      const screens: Screen[] = [
        ['item-filter', pinnedPath, (page) => card(page, PINNED).waitFor()],
        [
          'item-unknown',
          `/alllistings?item=${encodeURIComponent('+1 potion boost level')}`,
          (page) => page.getByRole('alert').getByText('Not a catalogue item').waitFor(),
        ],
        // The search saved by the first test of this group.
        [
          'item-saved-search',
          '/myprofile?tab=searches',
          (page) => page.getByText(`"${tag}" · Item: ${PINNED}`).waitFor(),
        ],
        // At 1280 px the item desk, this link included, is checked logged in by item-desk.test.ts.
        [
          'item-page-link',
          `/item/${encodeURIComponent(PINNED)}`,
          (page) => page.getByRole('link', { name: 'All listings of this item' }).waitFor(),
          [390],
        ],
      ];
      await expectScreensAccessible(await pages.device(trader), screens);
    }, 240_000);
  });
});
