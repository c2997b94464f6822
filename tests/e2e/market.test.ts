import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Listing } from '../../src-common/schemas/listing';
import { openLive, useBrowserAndAppDatabase, waitForToast } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { offerAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const browser = useBrowserAndAppDatabase();
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  seller = await createE2eUser();
  buyer = await createE2eUser();
});

/** A catalogue item no other browser test trades, so its book starts empty. */
const ITEM = 'Squirm Worms';
const itemPage = `/item/${encodeURIComponent(ITEM)}`;

const prices = (page: Page) => page.getByRole('region', { name: 'Prices' });
const pricesText = async (page: Page) => (await prices(page).textContent()) ?? '';

/** The seller posts a sell listing for the item from its page, through the post form it opens. */
async function postFromItemPage(page: Page, silver: number) {
  await page.goto(new URL(itemPage, inject('baseUrl')).href);
  await page.getByRole('link', { name: 'Post a listing for this item' }).click();
  await page.waitForURL(/\/post\?item=/);
  expect(await page.getByRole('combobox', { name: 'Item' }).inputValue()).toBe(ITEM);
  await page.getByLabel('Silver').fill(String(silver));
  await page.getByRole('button', { name: 'Post Listing' }).click();
  await page.getByRole('status').filter({ hasText: 'Listing saved!' }).first().waitFor();
}

async function listingAt(unitPrice: number): Promise<Listing> {
  const url = new URL('/api/listings', inject('baseUrl'));
  url.searchParams.set('q', ITEM);
  const listings = (await (await fetch(url)).json()) as Listing[];
  const found = listings.find((l) => l.item === ITEM && l.price === unitPrice);
  if (!found) throw new Error(`no ${ITEM} listing at ${unitPrice}`);
  return found;
}

describe('the item page, live', () => {
  it('shows a new lower ask and an accepted trade while another player posts and accepts, without a reload', async () => {
    const watcher = await openLive(browser(), null, itemPage);
    await watcher.getByRole('heading', { level: 1, name: ITEM }).waitFor();
    await watcher.getByText(`Nobody is buying or selling ${ITEM} yet`).waitFor();
    await watcher.waitForFunction(
      (title) => document.title === title,
      `${ITEM}: price, order book and history | Brighter Shores Market`,
    );
    await watcher.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    const sellerPage = await openLive(browser(), seller, itemPage);
    await postFromItemPage(sellerPage, 5);
    await expect.poll(() => pricesText(watcher)).toContain('Best ask5 silver');
    expect(await watcher.getByText(`Nobody is buying or selling ${ITEM} yet`).count()).toBe(0);
    await watcher.getByRole('heading', { name: 'Listings (1)' }).waitFor();

    await postFromItemPage(sellerPage, 4);
    await expect.poll(() => pricesText(watcher)).toContain('Best ask4 silver');
    const book = watcher.getByRole('table', { name: 'Asks: players selling' });
    expect((await book.getByRole('row').allTextContents()).slice(1)).toEqual([
      '4 silver4s11',
      '5 silver5s11',
    ]);
    expect(await watcher.getByTestId('history-table').count()).toBe(0);
    await watcher.getByText('No trades in the last 48 h.').waitFor();

    const cheaper = await listingAt(4_000);
    await offerAs(buyer, cheaper.id, 3_900);
    await sellerPage.goto(new URL(`/listing/${cheaper.id}`, inject('baseUrl')).href);
    await expect
      .poll(async () => sellerPage.getByTestId('market-summary').first().textContent())
      .toContain('best ask 4 silver');
    const offer = sellerPage.getByRole('listitem', { name: `Offer from ${buyer.username}: Pending` });
    await offer.getByRole('button', { name: 'Accept' }).click();
    await waitForToast(sellerPage, 'Offer accepted successfully!');

    await expect.poll(() => pricesText(watcher)).toContain('Last trade3 silver 900 copper');
    await expect.poll(() => pricesText(watcher)).toContain('Best ask5 silver');
    const history = watcher.getByTestId('history-table');
    await expect.poll(() => history.getByRole('row').count()).toBe(2);
    const point = (await history.getByRole('row').nth(1).textContent()) ?? '';
    expect(point).toContain('3 silver 900 copper');
    expect(await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );

    await watcher.context().close();
    await sellerPage.context().close();
  });

  it('an unknown item says so', async () => {
    const page = await openLive(browser(), null, '/item/No%20Such%20Thing');
    await page.getByRole('heading', { name: 'Item not found' }).waitFor();
    await page.context().close();
  });
});

describe('the market overview', () => {
  it('lists traded items, each row linking to its item page', async () => {
    const page = await openLive(browser(), null, '/market');
    await page.getByRole('heading', { level: 1, name: 'Market' }).waitFor();
    for (const list of ['Most traded, 24 h', 'Movers, 24 h against 7 days', 'Newest listed']) {
      await page.getByRole('heading', { level: 2, name: list }).waitFor();
    }
    const newest = page.getByRole('region', { name: 'Newest listed' });
    const first = newest.getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await page.waitForURL(new RegExp(`/item/${encodeURIComponent(name).replace(/[()]/g, '\\$&')}$`));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.context().close();
  });
});
