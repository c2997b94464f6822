import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { acceptOfferAs, offerAs, postListingAs, uniqueTag } from '../helpers/e2e-users';
import { expectScreensAccessible, type Screen } from '../helpers/e2e-screens';
import type { TestUser } from '../helpers/factories';
import { useSharedPages } from '../helpers/e2e-shared-pages';

const browser = useBrowserAndAppDatabase();
/** A visitor's page and the buyer's, shared by the tests: none needs a fresh device. */
const pages = useSharedPages(browser);
let seller: TestUser;
let buyer: TestUser;

const LOT_ITEM = 'Hematite Iron Ore';
const CHARTED_ITEM = 'Goethite Iron Ore';
const EACH = 12_500;
let tag: string;
let lotId: number;

beforeAll(async () => {
  [seller, buyer] = await Promise.all([createE2eUser(), createE2eUser()]);
  tag = uniqueTag('lot');
  // 50 at 12.5s each (625s in all); an accepted offer takes 20, so 30 (375s) are left.
  const lot = await postListingAs(seller, {
    item: LOT_ITEM,
    type: 'sell',
    quantity: 50,
    silver: 12,
    copper: 500,
    notes: `ore by the crate ${tag}`,
  });
  lotId = lot.id;
  await acceptOfferAs(seller, (await offerAs(buyer, lot.id, 20 * EACH, '', 20)).id);
  // A young market: two trades of another item in the same hour (one bucket in either range).
  const charted = await postListingAs(seller, { item: CHARTED_ITEM, type: 'sell', quantity: 10, silver: 2 });
  await acceptOfferAs(seller, (await offerAs(buyer, charted.id, 6_000, '', 3)).id);
  await acceptOfferAs(seller, (await offerAs(buyer, charted.id, 5_000, '', 2)).id);
});

const totalOf = (card: Locator) => card.getByRole('definition').filter({ hasText: 'for the' });

async function expectRemainingTotal(card: Locator): Promise<void> {
  await card.getByText('Quantity: 30 of 50 left').waitFor();
  const total = totalOf(card);
  await total.getByText('375 silver').waitFor();
  expect(await total.textContent()).toContain('for the 30 left');
  expect(await card.getByText('625 silver').count()).toBe(0);
}

describe('what a listing and a market page show', () => {
  it('a listing of 50 with an accepted offer of 20 shows the total of the 30 left on the card and the detail page', async () => {
    const page = await pages.live(null, `/alllistings?q=${tag}`);
    await expectRemainingTotal(page.getByRole('article', { name: LOT_ITEM }));

    await page.goto(new URL(`/listing/${lotId}`, inject('baseUrl')).href);
    await expectRemainingTotal(page.getByRole('article', { name: LOT_ITEM }));
  });

  it('names a new saved search without quotes, so the message quoting it has one pair', async () => {
    const page = await pages.live(buyer, `/alllistings?q=${encodeURIComponent('iron ore')}&type=sell`);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByText('"iron ore" · Sell').waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('iron ore · Sell');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Saved "iron ore · Sell".').first().waitFor();
  });

  it('passes axe on the changed screens in both themes at 1280 and 390 px', async () => {
    const chartPath = `/item/${encodeURIComponent(CHARTED_ITEM)}`;
    const chartReady = async (page: Page) => {
      await page.getByTestId('history-table').waitFor({ state: 'attached' });
      await page.locator('.market-chart canvas').first().waitFor();
    };
    const screens: Screen[] = [
      [
        'remaining-browse',
        `/alllistings?q=${tag}`,
        (page) => expectRemainingTotal(page.getByRole('article')),
      ],
      ['remaining-detail', `/listing/${lotId}`, (page) => expectRemainingTotal(page.getByRole('article'))],
      // At 1280 px an item page with a trade, in its first (48 h) range, is checked logged in by
      // item-desk.test.ts and as a visitor by a11y.test.ts.
      ['history-48h', chartPath, chartReady, [390]],
      [
        'history-90d',
        chartPath,
        async (page) => {
          await chartReady(page);
          await page.getByRole('button', { name: '90 d' }).click();
          await page.getByRole('caption').getByText('last 90 d').waitFor();
        },
      ],
      [
        'saved-search-name',
        `/alllistings?q=${encodeURIComponent('iron ore')}&type=sell`,
        async (page) => {
          await page.getByRole('button', { name: 'Save this search' }).click();
          await page.getByRole('dialog', { name: 'Save this search' }).getByLabel('Name').waitFor();
        },
      ],
    ];
    await expectScreensAccessible(await pages.device(buyer), screens);
  }, 240_000);
});
