import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { answerDialog, openLive, useBrowserAndAppDatabase, waitForToast } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { acceptOfferAs, offerAs, postListingAs, uniqueTag } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const browser = useBrowserAndAppDatabase();
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  [seller, buyer] = await Promise.all([createE2eUser(), createE2eUser()]);
});

const GOLD = 1_000_000;

const offerItem = (page: Page, username: string, status: string) =>
  page.getByRole('listitem', { name: `Offer from ${username}: ${status}` });

/** What the live region said (toasts and live news are read out through it). */
const told = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).first().waitFor();

/** Opens an offer's conversation and writes one message in it. */
async function writeMessage(thread: Locator, body: string): Promise<void> {
  const form = thread.getByRole('form', { name: 'Write a message' });
  await form.getByLabel('Your message').fill(body);
  await form.getByRole('button', { name: 'Send' }).click();
  await thread.getByRole('list', { name: 'Messages, oldest first' }).getByText(body).waitFor();
}

/** My Trades, showing one of its lists. */
async function myTrades(page: Page, list: 'Open' | 'Completed' | 'Cancelled'): Promise<void> {
  if (!page.url().includes('tab=trades')) await page.goto(new URL('/myprofile/trades', page.url()).href);
  await page.getByRole('heading', { name: 'My Trades' }).waitFor();
  await page.getByRole('group', { name: 'Which trades' }).getByRole('button', { name: list }).click();
}

async function leaveFeedback(page: Page, trade: Locator, otherName: string, comment: string) {
  await trade.getByRole('button', { name: 'Leave feedback' }).click();
  const dialog = page.getByRole('dialog', { name: `Feedback on ${otherName}` });
  await dialog.getByRole('radio', { name: 'Positive' }).check();
  await dialog.getByLabel(/^Comment/).fill(comment);
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await dialog.waitFor({ state: 'detached' });
  await told(page, 'Feedback sent. Thank you!');
  await trade.getByText('You left positive feedback.').waitFor();
  expect(await trade.getByRole('button', { name: 'Leave feedback' }).count()).toBe(0);
}

describe('a trade after the handshake, between two browsers', () => {
  it('they talk on the offer, the seller accepts, both confirm, both leave feedback, and the profile shows it', async () => {
    const listing = await postListingAs(seller, {
      item: 'Rapier',
      type: 'sell',
      quantity: 4,
      gold: 3,
      priceMode: 'Each',
      notes: uniqueTag('lifecycle'),
    });
    await offerAs(buyer, listing.id, 6 * GOLD, 'two please', 2);
    const path = `/listing/${listing.id}`;
    const sellerPage = await openLive(browser(), seller, path);
    const buyerPage = await openLive(browser(), buyer, path);

    // A few messages both ways, each arriving live on the other page.
    const buyerThread = offerItem(buyerPage, buyer.username, 'Pending');
    const sellerThread = offerItem(sellerPage, buyer.username, 'Pending');
    await buyerThread.getByRole('button', { name: 'Messages' }).click();
    await sellerThread.getByRole('button', { name: 'Messages' }).click();
    await writeMessage(buyerThread, 'Hi! Can we meet in Hopeport?');
    await sellerThread.getByText('Hi! Can we meet in Hopeport?').waitFor();
    await writeMessage(sellerThread, 'Sure, at the bank at 8.');
    await buyerThread.getByText('Sure, at the bank at 8.').waitFor();
    await writeMessage(buyerThread, 'See you there.');
    await sellerThread.getByText('See you there.').waitFor();

    // The seller accepts; both see the trade open on the offer.
    await sellerThread.getByRole('button', { name: 'Accept' }).click();
    await waitForToast(sellerPage, 'Offer accepted successfully!');
    const buyerOffer = offerItem(buyerPage, buyer.username, 'Accepted');
    await buyerOffer.getByText('Not confirmed yet by either side').waitFor();
    await offerItem(sellerPage, buyer.username, 'Accepted')
      .getByText('Not confirmed yet by either side')
      .waitFor();

    // The buyer confirms in My Trades; the seller's open list follows live, and the seller completes it.
    await buyerOffer.getByRole('link', { name: 'Open in My Trades' }).click();
    await buyerPage.getByRole('heading', { name: 'My Trades' }).waitFor();
    const buyerTrade = buyerPage.getByRole('article', { name: 'Rapier' });
    await buyerTrade.getByText('Not confirmed yet by either side').waitFor();
    expect(await buyerTrade.textContent()).toContain(seller.username);
    await buyerTrade.getByRole('button', { name: 'Confirm received' }).click();
    await told(buyerPage, 'You confirmed the Rapier trade');
    await buyerTrade.getByText('You confirmed · waiting for the seller').waitFor();
    // Focus lands on the trade's status line, which says where it stands now.
    await buyerPage.waitForFunction(() =>
      document.activeElement?.textContent?.includes('You confirmed · waiting for the seller'),
    );
    expect(await buyerTrade.getByRole('button', { name: 'Confirm received' }).count()).toBe(0);

    await myTrades(sellerPage, 'Open');
    const sellerTrade = sellerPage.getByRole('article', { name: 'Rapier' });
    await sellerTrade.getByText('The buyer confirmed · waiting for you').waitFor();
    await sellerTrade.getByRole('button', { name: 'Confirm received' }).click();
    await told(sellerPage, 'Trade completed: Rapier');
    await sellerPage.getByText('No open trades.').waitFor();
    // Live on the buyer's page too: the trade leaves the open list.
    await buyerPage.getByText('No open trades.').waitFor();

    // Both leave feedback on the completed trade.
    await myTrades(sellerPage, 'Completed');
    await sellerTrade.getByText('Completed by both sides.').waitFor();
    await leaveFeedback(sellerPage, sellerTrade, buyer.username, 'Paid on time, thanks!');
    await myTrades(buyerPage, 'Completed');
    await leaveFeedback(buyerPage, buyerTrade, seller.username, 'Smooth trade');

    // The seller's profile shows the feedback figures and the buyer's comment.
    await buyerPage.goto(new URL(`/profile/${seller.id}`, buyerPage.url()).href);
    const feedback = buyerPage.getByRole('region', { name: /^Feedback/ });
    await feedback.getByText('Smooth trade').waitFor();
    expect(await feedback.getByRole('heading', { level: 3 }).textContent()).toContain('100% positive');
    expect(await feedback.getByRole('definition').allTextContents()).toEqual(['1', '0', '0']);
    await feedback.getByRole('link', { name: buyer.username }).waitFor();
    expect(await buyerPage.getByText('Completed trades').count()).toBe(1);

    for (const page of [sellerPage, buyerPage]) await page.context().close();
  });

  it('a trade both call off gives the quantity back, live on another page', async () => {
    const listing = await postListingAs(seller, {
      item: 'Chainmail Torso',
      type: 'sell',
      quantity: 5,
      gold: 2,
      priceMode: 'Each',
      notes: uniqueTag('calloff'),
    });
    const offer = await offerAs(buyer, listing.id, 4 * GOLD, '', 2);
    await acceptOfferAs(seller, offer.id);

    const watcherPage = await openLive(browser(), null, `/listing/${listing.id}`);
    await watcherPage.getByText('Quantity: 3 of 5 left').waitFor();
    const buyerPage = await openLive(browser(), buyer, '/myprofile/trades');
    const sellerPage = await openLive(browser(), seller, '/myprofile/trades');
    const buyerTrade = buyerPage.getByRole('article', { name: 'Chainmail Torso' });
    const sellerTrade = sellerPage.getByRole('article', { name: 'Chainmail Torso' });

    // The buyer asks, after confirming; nothing happens when they keep the trade.
    await buyerTrade.getByRole('button', { name: 'Ask to cancel' }).click();
    await answerDialog(buyerPage, 'Keep trade', 'Ask the seller to cancel');
    await buyerTrade.getByRole('button', { name: 'Ask to cancel' }).click();
    await answerDialog(buyerPage, 'Ask to cancel', 'Ask the seller to cancel');
    await told(buyerPage, 'You asked the seller to cancel the Chainmail Torso trade');
    await buyerTrade.getByText('You asked to cancel · waiting for the seller').waitFor();

    // The seller sees the request live and agrees: the trade is cancelled for both.
    await sellerTrade.getByText('The buyer asked to cancel').waitFor();
    await sellerTrade.getByRole('button', { name: 'Agree to cancel' }).focus();
    await sellerPage.keyboard.press('Enter');
    await answerDialog(sellerPage, 'Agree to cancel', 'The buyer asked to cancel');
    await told(sellerPage, 'Trade cancelled: Chainmail Torso');
    await buyerPage.getByText('No open trades.').waitFor();
    await myTrades(buyerPage, 'Cancelled');
    await buyerTrade.getByText('Called off by both sides').waitFor();
    expect(await buyerTrade.getByRole('button', { name: /Confirm|cancel|Dispute|feedback/ }).count()).toBe(0);

    // The visitor's page of the listing shows the two items back, without a reload.
    await watcherPage.getByText('Quantity: 5', { exact: true }).waitFor();

    for (const page of [watcherPage, buyerPage, sellerPage]) await page.context().close();
  });
});
