import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { liveRegionText } from '../helpers/e2e-focus';
import { answerDialog, openLive, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { expectAccessibleInBothThemes, expectScreensAccessible } from '../helpers/e2e-screens';
import { createE2eUser } from '../helpers/e2e-session';
import { acceptOfferAs, cancelOfferAs, offerAs, postListingAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';
import { useSharedPages } from '../helpers/e2e-shared-pages';

const browser = useBrowserAndAppDatabase();
/** The buyer's page, shared by both tests. */
const pages = useSharedPages(browser);
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  seller = await createE2eUser();
  buyer = await createE2eUser();
});

/** Sets the in-game name in My Profile's Settings, as a player does. */
async function setIgn(page: Page, ign: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Brighter Shores character name' }).fill(ign);
  await page.getByRole('button', { name: 'Save in-game name' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `In-game name saved: ${ign}.` })
    .waitFor();
}

/** Goes to `path` in the same tab and waits until it is live again. */
async function go(page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, page.url()).href);
  await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
}

describe('in-game names and My Offers, between two players', () => {
  it('each party sees the other in-game name after the accept; the buyer is told and finds the offer', async () => {
    const sellerPage = await openLive(browser(), seller, '/myprofile?tab=settings');
    const buyerPage = await pages.live(buyer, '/myprofile?tab=settings');
    await buyerPage.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await setIgn(sellerPage, 'Seller Sam');
    await setIgn(buyerPage, 'Buyer Bea#12');

    const listing = await postListingAs(seller, {
      item: 'Rapier',
      type: 'sell',
      quantity: 3,
      gold: 2,
      priceMode: 'Each',
    });
    const other = await postListingAs(seller, { item: 'Rapier', type: 'sell', quantity: 1, gold: 1 });
    const offer = await offerAs(buyer, listing.id, 4_000_000, '', 2);
    await offerAs(buyer, other.id, 900_000, '', 1);
    await go(sellerPage, `/listing/${listing.id}`);
    await go(buyerPage, `/listing/${listing.id}`);

    await acceptOfferAs(seller, offer.id);
    // The buyer's accept notification: what was agreed and the seller's in-game name.
    await buyerPage.getByRole('status').filter({ hasText: 'in-game name is Seller Sam' }).waitFor();
    await buyerPage.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const note = buyerPage.getByRole('dialog', { name: 'Notifications' }).getByRole('link').first();
    const text = await note.textContent();
    expect(text).toContain('Your offer on Rapier was accepted');
    expect(text).toContain(`2 Rapier for 4g with ${seller.username}`);
    expect(text).toContain('In-game name: Seller Sam');
    expect(text).toContain('confirm the trade in My Trades');
    await buyerPage.keyboard.press('Escape');

    // On the listing, each sees the other's name with Copy.
    const copy = buyerPage.getByRole('button', { name: `Copy ${seller.username}'s in-game name` });
    await copy.click();
    await expect.poll(() => liveRegionText(buyerPage)).toContain('Copied');
    expect(await buyerPage.evaluate(() => navigator.clipboard.readText())).toBe('Seller Sam');
    await sellerPage.getByText(`${buyer.username}'s in-game name:`).waitFor();
    expect(await sellerPage.locator('.offer-trade-ign').textContent()).toContain('Buyer Bea#12');
    expect(await sellerPage.getByText('Seller Sam').count()).toBe(0);
    // The listing as a party sees it after the accept, with the other's name and Copy.
    await expectAccessibleInBothThemes(buyerPage, 'listing with the in-game name');

    // My Offers: both offers, the pending one cancelled from there.
    await go(buyerPage, '/myprofile?tab=offers');
    await buyerPage.getByRole('tab', { name: 'My Offers', selected: true }).waitFor();
    const rows = buyerPage.locator('.my-offer');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).textContent()).toMatch(/Rapier.*Accepted/);
    expect(await buyerPage.getByRole('link', { name: 'Rapier' }).nth(1).getAttribute('href')).toBe(
      `/listing/${listing.id}`,
    );
    await buyerPage.getByRole('button', { name: 'Cancel offer on Rapier' }).click();
    await answerDialog(buyerPage, 'Cancel offer', 'Cancel your offer on Rapier?');
    await rows.first().filter({ hasText: 'Cancelled' }).waitFor();

    // Made and withdrawn elsewhere (another tab, a bot with the buyer's token): the list follows, no reload.
    const elsewhere = await offerAs(buyer, other.id, 800_000, '', 1);
    await rows.first().filter({ hasText: 'Pending' }).waitFor();
    expect(await rows.count()).toBe(3);
    await cancelOfferAs(buyer, elsewhere.id);
    await rows.first().filter({ hasText: 'Cancelled' }).waitFor();
    expect(await buyerPage.getByRole('button', { name: /^Cancel offer/ }).count()).toBe(0);
  }, 180_000);

  it('My Offers and the in-game name setting pass axe in both themes', async () => {
    await expectScreensAccessible(await pages.device(buyer), [
      ['my-offers', '/myprofile?tab=offers', (p) => p.locator('.my-offer').first().waitFor()],
      [
        'settings-ign',
        '/myprofile?tab=settings',
        (p) => p.getByText('In-game name', { exact: true }).waitFor(),
      ],
    ]);
  }, 240_000);
});
