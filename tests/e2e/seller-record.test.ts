import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openLive, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { offerAs, postListingAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const browser = useBrowserAndAppDatabase();
let seller: TestUser;
let buyer: TestUser;
let waiting: TestUser;

beforeAll(async () => {
  [seller, buyer, waiting] = [await createE2eUser(), await createE2eUser(), await createE2eUser()];
});

const trustLine = (page: Page) => page.locator('.trust-line');

describe("the seller's record on a listing", () => {
  it('follows an accept live, and a fresh pending offer does not count against the answer rate', async () => {
    const listing = await postListingAs(seller, {
      item: 'Rapier',
      type: 'sell',
      quantity: 3,
      gold: 3,
      priceMode: 'Each',
    });
    // Seconds old, still within its grace time: it counts neither as answered nor as ignored.
    await offerAs(waiting, listing.id, 100, '', 1);
    await offerAs(buyer, listing.id, 200, '', 1);

    const visitor = await openLive(browser(), null, `/listing/${listing.id}`);
    await trustLine(visitor).waitFor();
    expect(await trustLine(visitor).textContent()).toBe("Seller's record: 0 trades");

    const sellerPage = await openLive(browser(), seller, `/listing/${listing.id}`);
    await sellerPage
      .getByRole('listitem', { name: `Offer from ${buyer.username}: Pending` })
      .getByRole('button', { name: 'Accept' })
      .click();

    // No reload: the accept reaches the visitor live, and the record is read again with it counted.
    await expect
      .poll(() => trustLine(visitor).textContent())
      .toMatch(/^Seller's record: 1 trade · answers 100%/);
    expect(await trustLine(visitor).textContent()).not.toContain('answers 0%');
    await visitor.context().close();
    await sellerPage.context().close();
  });
});
