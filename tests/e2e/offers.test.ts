import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerDialog, useBrowserAndAppDatabase, waitForToast } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { offerAs, postListingAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';
import { useSharedPages } from '../helpers/e2e-shared-pages';

const browser = useBrowserAndAppDatabase();
/** A page per player (the seller, the buyer, a visitor), each in a context of its own, shared by the tests. */
const pages = useSharedPages(browser);
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  seller = await createE2eUser();
  buyer = await createE2eUser();
});

/** The player's page on the listing's page, connected live, its offers shown. */
async function openAs(user: TestUser | null, path: string): Promise<Page> {
  const page = await pages.live(user, path);
  await page.getByRole('heading', { name: /^Offers \(\d+\)$/ }).waitFor();
  return page;
}

const offerItem = (page: Page, username: string, status: string) =>
  page.getByRole('listitem', { name: `Offer from ${username}: ${status}` });

const newListing = () =>
  postListingAs(seller, { item: 'Rapier', type: 'sell', quantity: 2, gold: 3, priceMode: 'Each' });

describe('offers, live between two players', () => {
  it('the buyer offers, the seller sees it at once with a toast, accepts, and the buyer sees it accepted', async () => {
    const listing = await newListing();
    const sellerPage = await openAs(seller, `/listing/${listing.id}`);
    const buyerPage = await openAs(buyer, `/listing/${listing.id}`);
    expect(await sellerPage.getByRole('button', { name: 'Make an Offer' }).count()).toBe(0);

    await buyerPage.getByRole('button', { name: 'Make an Offer' }).click();
    const form = buyerPage.getByRole('form', { name: 'Make an offer' });
    await form.getByLabel('Gold').fill('2');
    await form.getByLabel('Message (optional)').fill('Quick trade?');
    expect(await form.textContent()).toContain('4 gold');
    await form.getByRole('button', { name: 'Submit Offer' }).click();
    await waitForToast(buyerPage, 'Offer submitted successfully!');
    expect(await form.count()).toBe(0);

    const seen = offerItem(sellerPage, buyer.username, 'Pending');
    await seen.waitFor();
    expect(await seen.textContent()).toContain('4 gold');
    expect(await seen.textContent()).toContain('Quick trade?');
    await sellerPage.getByRole('heading', { name: 'Offers (1)' }).waitFor();
    await sellerPage
      .getByRole('status')
      .filter({ hasText: `${buyer.username} offered 4g for 2 of your Rapier` })
      .waitFor();

    await seen.getByRole('button', { name: 'Accept' }).click();
    await waitForToast(sellerPage, 'Offer accepted successfully!');
    const accepted = offerItem(buyerPage, buyer.username, 'Accepted');
    await accepted.waitFor();
    await buyerPage.getByRole('status').filter({ hasText: 'Your offer on Rapier was accepted' }).waitFor();
    // No more offer actions: what stays is the trade (its status and link) and the conversation.
    expect(await accepted.getByRole('button', { name: /Accept|Reject|Cancel/ }).count()).toBe(0);
    await accepted.getByText('Not confirmed yet by either side').waitFor();
  });

  it('the owner rejects one offer and the buyer cancels a pending one after confirming', async () => {
    const listing = await newListing();
    const sellerPage = await openAs(seller, `/listing/${listing.id}`);
    const buyerPage = await openAs(buyer, `/listing/${listing.id}`);
    await offerAs(buyer, listing.id, 4_000_000, 'First try');
    await sellerPage.getByRole('heading', { name: 'Offers (1)' }).waitFor();
    await offerItem(sellerPage, buyer.username, 'Pending').getByRole('button', { name: 'Reject' }).click();
    await waitForToast(sellerPage, 'Offer rejected successfully!');
    await offerItem(buyerPage, buyer.username, 'Rejected').waitFor();

    await offerAs(buyer, listing.id, 5_000_000, 'Second try');
    const pending = offerItem(buyerPage, buyer.username, 'Pending');
    await pending.waitFor();
    expect(await pending.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await pending.getByRole('button', { name: 'Cancel' }).click();
    await answerDialog(buyerPage, 'Cancel offer', `Cancel your offer on ${listing.item}?`);
    await waitForToast(buyerPage, 'Offer cancelled successfully!');
    await sellerPage.getByRole('heading', { name: 'Offers (1)' }).waitFor();
    await offerItem(sellerPage, buyer.username, 'Pending').waitFor({ state: 'detached' });
  });

  it('asks for a valid amount and hides offering from visitors', async () => {
    const listing = await newListing();
    const buyerPage = await openAs(buyer, `/listing/${listing.id}`);
    await buyerPage.getByRole('button', { name: 'Make an Offer' }).click();
    // The form starts at the asking price, 3g each: cleared, it asks for an amount.
    await buyerPage.getByRole('form', { name: 'Make an offer' }).getByLabel('Gold').fill('');
    await buyerPage.getByRole('button', { name: 'Submit Offer' }).click();
    await answerDialog(buyerPage, 'OK', 'Please enter a valid offer amount');

    const visitorPage = await openAs(null, `/listing/${listing.id}`);
    expect(await visitorPage.getByRole('button', { name: 'Make an Offer' }).count()).toBe(0);
  });
});
