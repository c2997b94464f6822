import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openLive, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { expectAccessibleInBothThemes } from '../helpers/e2e-screens';
import { createE2eUser } from '../helpers/e2e-session';
import { acceptOfferAs, offerAs, postListingAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const browser = useBrowserAndAppDatabase();
/** A catalogue item no other browser test trades, so its desk holds only this file's listings. */
const ITEM = 'Six Line Wraddock';
const itemPage = `/item/${encodeURIComponent(ITEM)}`;

let seller: TestUser;
let buyer: TestUser;
let offline: TestUser;

beforeAll(async () => {
  [seller, buyer, offline] = await Promise.all([createE2eUser(), createE2eUser(), createE2eUser()]);
  // A player with no page open sells cheaper and buys; one sale of theirs (1 at 3s) is the item's history.
  const sold = await postListingAs(offline, { item: ITEM, type: 'sell', quantity: 1, silver: 3 });
  const sale = await offerAs(buyer, sold.id, 3_000);
  await acceptOfferAs(offline, sale.id);
  await postListingAs(offline, { item: ITEM, type: 'sell', quantity: 5, silver: 2 });
  await postListingAs(offline, { item: ITEM, type: 'buy', quantity: 2, silver: 1 });
  // 3 at 4s each: 12s for all of them.
  await postListingAs(seller, { item: ITEM, type: 'sell', quantity: 3, silver: 4, priceMode: 'Each' });
});

const statusText = (page: Page) => page.getByRole('status').allTextContents();

describe('the item page as a trading desk', () => {
  it("B offers on A's listing in two clicks, Offer then Send, at the asking price; A hears it live", async () => {
    const sellerPage = await openLive(browser(), seller, itemPage);
    const page = await openLive(browser(), buyer, itemPage);

    // Online sellers first: A, who has the page open, comes before the cheaper seller who has none.
    const sellers = page.getByRole('table', { name: 'Sellers' });
    const firstSeller = sellers.getByRole('row').nth(1);
    await expect.poll(() => firstSeller.textContent()).toContain(seller.username);
    expect(await firstSeller.textContent()).toContain('Online');
    expect(await sellers.getByRole('row').nth(2).textContent()).toContain(offline.username);
    const buyers = page.getByRole('table', { name: 'Buyers' });
    expect(await buyers.getByRole('row').nth(1).textContent()).toContain(offline.username);
    // The seller's own row says so instead of offering.
    const ownRow = sellerPage.getByRole('table', { name: 'Sellers' }).getByRole('row').nth(1);
    await expect.poll(() => ownRow.textContent()).toContain('Yours');
    expect(await ownRow.getByRole('button').count()).toBe(0);

    // The sale history: the one trade, its average and rate.
    const sales = page.getByRole('region', { name: 'Sale history' });
    await expect.poll(() => sales.getByRole('row').count()).toBe(2);
    expect(await sales.getByRole('row').nth(1).textContent()).toContain('3 silver');
    expect(await sales.getByTestId('sales-summary').textContent()).toMatch(
      /^Average 3 silver3s each over the 1 sale shown \(1 item\), 1 sale a day since/,
    );
    await expectAccessibleInBothThemes(page, 'item desk');

    await firstSeller.getByRole('button', { name: `Offer to ${seller.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Offer on ${ITEM}` });
    const form = dialog.getByRole('form', { name: 'Make an offer' });
    const yours = form.locator('.offer-form-total').filter({ hasText: 'Your offer for 3 items' });
    await expect.poll(() => yours.getByRole('definition').textContent()).toContain('12s');
    const difference = form.getByTestId('offer-difference');
    expect(await difference.textContent()).toBe(
      "Your offer is at the asking price. 33\u00a0% above the item's 7-day median (3s each).",
    );
    // The amount's fields are described by it.
    const silver = form.getByLabel('Silver');
    expect(await silver.inputValue()).toBe('4');
    expect(await silver.getAttribute('aria-describedby')).toBe(await difference.getAttribute('id'));
    await expectAccessibleInBothThemes(page, 'offer dialog');

    // The shortcuts: 5 % under (11s 400c for the three), and back.
    await form.getByRole('button', { name: '\u22125\u00a0%' }).click();
    await expect.poll(() => yours.getByRole('definition').textContent()).toContain('11 silver 400 copper');
    expect(await difference.textContent()).toContain('Your offer is 5\u00a0% under the asking price.');
    await form.getByRole('button', { name: 'Ask price' }).click();
    await expect.poll(() => difference.textContent()).toContain('Your offer is at the asking price.');

    await form.getByRole('button', { name: 'Send offer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => statusText(page))
      .toContainEqual(expect.stringMatching(/^Offer (submitted|sent)/));
    await expect
      .poll(() => statusText(sellerPage))
      .toContainEqual(expect.stringContaining(`${buyer.username} offered 12s for 3 of your ${ITEM}`));

    await page.context().close();
    await sellerPage.context().close();
  });
});
