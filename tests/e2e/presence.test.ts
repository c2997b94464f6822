import { beforeAll, describe, expect, it } from 'vitest';
import { openLive, sellerOnCard, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { postListingAs, uniqueTag } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const browser = useBrowserAndAppDatabase();
let seller: TestUser;

beforeAll(async () => {
  seller = await createE2eUser();
});

describe('presence beside the seller', () => {
  it('a visitor sees the seller go online and offline beside their listing, and in the Online sellers filter', async () => {
    const tag = uniqueTag('presence');
    const listing = await postListingAs(seller, {
      item: 'Rapier',
      type: 'sell',
      quantity: 1,
      silver: 10,
      priceMode: 'Each',
      notes: tag,
    });
    // The visitor (the third browser context) on the listing's page and on the browser filtered to online sellers.
    const detail = await openLive(browser(), null, `/listing/${listing.id}`);
    const filtered = await openLive(browser(), null, `/alllistings?q=${tag}&online=1`, detail);
    await sellerOnCard(detail, 'Rapier').getByText('Offline').waitFor();
    await filtered.getByText('No listings found.').waitFor();
    expect(await filtered.getByRole('checkbox', { name: 'Online sellers' }).isChecked()).toBe(true);

    // The seller opens the site in a context of their own: online.
    const sellerPage = await openLive(browser(), seller, '/alllistings');
    await sellerOnCard(detail, 'Rapier').getByText('Online', { exact: true }).waitFor();
    await filtered.getByRole('article', { name: 'Rapier' }).getByText(tag).waitFor();
    await filtered.getByText('1 Active Listings').waitFor();

    // The seller leaves: last seen just now, and gone from the online filter.
    await sellerPage.context().close();
    await sellerOnCard(detail, 'Rapier')
      .getByText(/^Last seen (just now|\d+ seconds ago)$/)
      .waitFor();
    await filtered.getByText('No listings found.').waitFor();
    await detail.context().close();
  });
});
