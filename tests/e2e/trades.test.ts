import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerDialog, openLive, useBrowserAndAppDatabase, waitForToast } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { offerAs, postListingAs, uniqueTag } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const baseUrl = inject('baseUrl');
const browser = useBrowserAndAppDatabase();
let seller: TestUser;
let buyer: TestUser;
let bulkBuyer: TestUser;
let thirdBuyer: TestUser;

beforeAll(async () => {
  [seller, buyer, bulkBuyer, thirdBuyer] = await Promise.all(
    Array.from({ length: 4 }, () => createE2eUser()),
  );
});

const GOLD = 1_000_000;

const offerItem = (page: Page, username: string, status: string) =>
  page.getByRole('listitem', { name: `Offer from ${username}: ${status}` });

describe('trades, live between browsers', () => {
  it('5 of 20 taken shows 15 left everywhere; the last 15 close the listing and reject the rest with a reason', async () => {
    const tag = uniqueTag('trade');
    const listing = await postListingAs(seller, {
      item: 'Rapier',
      type: 'sell',
      quantity: 20,
      gold: 3,
      priceMode: 'Each',
      notes: `bulk rapiers ${tag}`,
    });
    const detailPath = `/listing/${listing.id}`;

    // Someone else watches the browser and the listing's page, in two tabs of one context.
    const browsePage = await openLive(browser(), null, `/alllistings?q=${tag}`);
    await browsePage.getByText('1 Active Listing').waitFor();
    const watchedCard = browsePage.getByRole('article', { name: 'Rapier' });
    await watchedCard.getByText('Quantity: 20').waitFor();
    const detailPage = await openLive(browser(), null, detailPath, browsePage);
    await detailPage.getByText('Quantity: 20').waitFor();

    // A third buyer's offer for 10 waits, their page open.
    await offerAs(thirdBuyer, listing.id, 30 * GOLD, 'ten please', 10);
    const thirdPage = await openLive(browser(), thirdBuyer, detailPath);
    await offerItem(thirdPage, thirdBuyer.username, 'Pending').waitFor();

    // The buyer offers for 5 of the 20 through the form.
    const buyerPage = await openLive(browser(), buyer, detailPath);
    await buyerPage.getByRole('button', { name: 'Make an Offer' }).click();
    const form = buyerPage.getByRole('form', { name: 'Make an offer' });
    expect(await form.getByLabel(/^Quantity/).inputValue()).toBe('20');
    await form.getByLabel(/^Quantity/).fill('5');
    await form.getByLabel('Gold').fill('3');
    await form.getByText('Your offer for 5 items').waitFor();
    expect(await form.getByRole('definition').first().textContent()).toContain('15');
    await form.getByRole('button', { name: 'Submit Offer' }).click();
    await waitForToast(buyerPage, 'Offer submitted successfully!');

    // The owner accepts it.
    const sellerPage = await openLive(browser(), seller, detailPath);
    const five = offerItem(sellerPage, buyer.username, 'Pending');
    await five.getByText('For 5').waitFor();
    await five.getByRole('button', { name: 'Accept' }).click();
    await waitForToast(sellerPage, 'Offer accepted successfully!');

    // The other context's browser and detail page show 15 left, live.
    await watchedCard.getByText('Quantity: 15 of 20 left').waitFor();
    await detailPage.getByText('Quantity: 15 of 20 left').waitFor();
    await offerItem(thirdPage, thirdBuyer.username, 'Pending').waitFor();

    // A second offer, for the 15 left, is accepted: the listing leaves the browser, live.
    await offerAs(bulkBuyer, listing.id, 45 * GOLD, 'the rest', 15);
    const fifteen = offerItem(sellerPage, bulkBuyer.username, 'Pending');
    await fifteen.getByRole('button', { name: 'Accept' }).click();
    await waitForToast(sellerPage, 'Offer accepted successfully!');
    await browsePage.getByText('No listings found.').waitFor();
    await browsePage.getByText('0 Active Listings').waitFor();
    await detailPage.getByRole('status').filter({ hasText: 'Sold' }).first().waitFor();
    await detailPage.getByText('This listing is closed and no longer takes offers.').waitFor();

    // The third buyer's pending offer shows as rejected, with its reason, and they were told.
    const rejected = offerItem(thirdPage, thirdBuyer.username, 'Rejected (Sold to another offer)');
    await rejected.getByText('Sold to another offer').waitFor();
    await thirdPage
      .getByRole('status')
      .filter({ hasText: 'Your offer on Rapier was rejected: Sold to another offer' })
      .waitFor();
    expect(await thirdPage.getByRole('button', { name: 'Make an Offer' }).count()).toBe(0);

    // Opened afresh, the closed listing stays readable: its banner and every one of its offers.
    const freshPage = await openLive(browser(), null, detailPath);
    await freshPage
      .getByRole('status')
      .filter({ hasText: 'This listing is closed' })
      .getByText('Sold', { exact: true })
      .waitFor();
    await freshPage.getByRole('heading', { name: 'Offers (3)' }).waitFor();
    await offerItem(freshPage, buyer.username, 'Accepted').getByText('For 5').waitFor();
    await offerItem(freshPage, bulkBuyer.username, 'Accepted').getByText('For 15').waitFor();
    await offerItem(freshPage, thirdBuyer.username, 'Rejected (Sold to another offer)').waitFor();

    for (const page of [browsePage, thirdPage, buyerPage, sellerPage, freshPage]) {
      await page.context().close();
    }
  });

  it('the owner closes a listing by hand after confirming, finds it under Closed, and relists it', async () => {
    const tag = uniqueTag('close');
    const listing = await postListingAs(seller, {
      item: 'Rapier',
      type: 'buy',
      quantity: 6,
      gold: 2,
      priceMode: 'Each',
      notes: `wanted ${tag}`,
    });
    await offerAs(buyer, listing.id, 4 * GOLD, '', 2);
    const buyerPage = await openLive(browser(), buyer, `/listing/${listing.id}`);
    await offerItem(buyerPage, buyer.username, 'Pending').waitFor();

    const sellerPage = await openLive(browser(), seller, `/listing/${listing.id}`);
    await sellerPage.getByRole('button', { name: 'Close listing' }).click();
    await answerDialog(sellerPage, 'Keep it open', 'Close your listing');
    expect(await sellerPage.getByText('Closed by its owner').count()).toBe(0);
    await sellerPage.getByRole('button', { name: 'Close listing' }).click();
    await answerDialog(sellerPage, 'Close listing', 'Close your listing');
    await sellerPage.getByText('Closed by its owner').waitFor();
    expect(await sellerPage.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    await offerItem(buyerPage, buyer.username, 'Rejected (Listing closed)').waitFor();
    await buyerPage.getByText('Closed by its owner').waitFor();

    await sellerPage.goto(`${baseUrl}/myprofile`);
    await sellerPage.getByRole('tab', { name: 'My Listings' }).click();
    await sellerPage.getByRole('button', { name: /^Closed \(\d+\)$/ }).click();
    await sellerPage.getByRole('searchbox').fill(tag);
    const closedCard = sellerPage.getByRole('article', { name: 'Rapier' });
    await closedCard.getByText('Closed', { exact: true }).waitFor();
    await closedCard.getByRole('button', { name: 'Relist' }).click();
    // The address first, so that a failure says whether Relist navigated or the page it opened did not load.
    await sellerPage.waitForURL(`${baseUrl}/post?relist=${listing.id}`);
    const form = sellerPage.getByRole('form', { name: 'New listing' });
    await form.waitFor();
    expect(await form.getByLabel('Quantity', { exact: true }).inputValue()).toBe('6');
    expect(await form.getByLabel('Notes').inputValue()).toBe(`wanted ${tag}`);

    for (const page of [buyerPage, sellerPage]) await page.context().close();
  });
});
