import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_ITEMS, type TestUser } from '../helpers/factories';
import { openLive, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { expectScreensAccessible } from '../helpers/e2e-screens';
import { createE2eUser } from '../helpers/e2e-session';
import { useSharedPages } from '../helpers/e2e-shared-pages';
import { postListingAs, uniqueTag } from '../helpers/e2e-users';

const browser = useBrowserAndAppDatabase();
/**
 * The viewer's page for the tests that name their view in the address; the first test, which needs a
 * device that has chosen no view yet, has a context of its own.
 */
const pages = useSharedPages(browser);
let viewer: TestUser;
let poster: TestUser;
/** In the notes of every listing of this file, so its searches see only them. */
const tag = uniqueTag('views');
const search = `/alllistings?q=${tag}`;
const ITEMS = [TEST_ITEMS.plain, TEST_ITEMS.weapon, TEST_ITEMS.armor, 'Angular Bone Legs'];
const LEECH = TEST_ITEMS.plain;

beforeAll(async () => {
  [viewer, poster] = [await createE2eUser(), await createE2eUser()];
  // 19 listings; the leech's: bids at 2 silver (lots 0, 8, 16), asks at 9 and 17 silver (lots 4, 12).
  for (let i = 0; i < 19; i++) {
    const item = ITEMS[i % ITEMS.length];
    const type = item === LEECH && i % 8 === 0 ? 'buy' : 'sell';
    await postListingAs(poster, {
      item,
      type,
      quantity: 2 + i,
      silver: type === 'buy' ? 2 : 5 + i,
      priceMode: 'Each',
      notes: `${tag} lot ${i}`,
    });
  }
});

const rows = (page: Page) => page.getByRole('list', { name: 'Listings' }).getByRole('listitem');
const itemRow = (page: Page, item: string) =>
  page
    .getByRole('list', { name: 'Items' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: item, exact: true }) });

/** The rows wholly inside the viewport as the page first shows (scrolled to the top). */
async function rowsOnFirstScreen(page: Page): Promise<number> {
  const height = page.viewportSize()!.height;
  const boxes = await rows(page).evaluateAll((items) =>
    items.map((li) => li.getBoundingClientRect().toJSON()),
  );
  return boxes.filter((box: DOMRect) => box.top >= 0 && box.bottom <= height).length;
}

describe('the compact list and the by-item view of the listings', () => {
  it('list view: a new listing arrives live as a row, and the choice is remembered across a reload', async () => {
    const page = await openLive(browser(), viewer, search);
    await page.getByRole('article').first().waitFor();
    await page.getByRole('radio', { name: 'List' }).check();
    await page.waitForURL(/view=list/);
    await rows(page).nth(18).waitFor();
    expect(await rows(page).count()).toBe(19);
    // A row is one Tab stop: its link; the rest are reached with the arrow keys.
    const first = rows(page).first();
    const stops = await first
      .locator('a, button')
      .evaluateAll((els) => els.filter((e) => (e as HTMLElement).tabIndex >= 0).length);
    expect(stops).toBe(1);

    await postListingAs(poster, {
      item: TEST_ITEMS.fish,
      type: 'buy',
      quantity: 3,
      silver: 1,
      notes: `${tag} new`,
    });
    const arrived = rows(page).filter({
      has: page.getByRole('link', { name: TEST_ITEMS.fish, exact: true }),
    });
    await arrived.waitFor();
    expect(await arrived.textContent()).toContain('Buying');
    expect(await rows(page).count()).toBe(20);
    expect(await arrived.getByRole('button', { name: `Offer to sell ${TEST_ITEMS.fish}` }).count()).toBe(1);

    const count = await rowsOnFirstScreen(page);
    console.log(`list view, 1280x900: ${count} listings on the first screen`);
    expect(count).toBeGreaterThanOrEqual(15);

    // Without a view in the address, the one chosen last shows.
    await page.goto(new URL(search, inject('baseUrl')).href);
    await rows(page).first().waitFor();
    expect(await page.getByRole('radio', { name: 'List' }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('list view at 390x844 shows at least 6 listings on the first screen', async () => {
    const page = await pages.page(viewer, `${search}&view=list`, { width: 390, height: 844 });
    await rows(page).nth(18).waitFor();
    const count = await rowsOnFirstScreen(page);
    console.log(`list view, 390x844: ${count} listings on the first screen`);
    expect(count).toBeGreaterThanOrEqual(6);
  });

  it('by item: the lowest ask and highest bid, updated live when a cheaper one is posted', async () => {
    const page = await pages.live(viewer, `${search}&view=list`);
    await page.getByRole('radio', { name: 'By item' }).check();
    const leech = itemRow(page, LEECH);
    await leech.waitFor();
    expect(await leech.textContent()).toMatch(/Lowest ask9 silver/);
    expect(await leech.textContent()).toMatch(/Highest bid2 silver/);

    await postListingAs(poster, {
      item: LEECH,
      type: 'sell',
      quantity: 1,
      silver: 3,
      notes: `${tag} cheaper`,
    });
    await leech.filter({ hasText: 'Lowest ask3 silver' }).waitFor();
    await leech.getByRole('link', { name: LEECH, exact: true }).click();
    await page.waitForURL(/\/item\//);
    await page.goBack();
    await itemRow(page, LEECH).waitFor();
    expect(await page.getByRole('radio', { name: 'By item' }).isChecked()).toBe(true);
  });

  it('both views pass axe in both themes at 1280 and 390', async () => {
    await expectScreensAccessible(await pages.device(viewer), [
      ['listings-list', `${search}&view=list`, async (page) => void (await rows(page).first().waitFor())],
      [
        'listings-by-item',
        `${search}&view=items`,
        async (page) => void (await itemRow(page, LEECH).waitFor()),
      ],
    ]);
  });
});
