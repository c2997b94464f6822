import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openLive, sellerOnCard, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { postListingAs, uniqueTag } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';
import { linkIn, waitForMail } from '../helpers/mailbox';

/*
 * Saved-search alerts, three players in browser contexts of their own: A saves a search and leaves,
 * B posts a listing it finds, C watches B beside the listing, A gets the digest and, back on the site,
 * sees the bell count live.
 */

const browser = useBrowserAndAppDatabase();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createE2eUser();
  bob = await createE2eUser();
});

describe('alerts while away', () => {
  it('A saves a search and leaves, B posts a match (C sees B online, then gone), A gets the digest, then the bell counts live', async () => {
    const tag = uniqueTag('alert');
    const match = () =>
      postListingAs(bob, {
        item: 'Rapier',
        type: 'sell',
        quantity: 1,
        silver: 10,
        priceMode: 'Each',
        notes: tag,
      });

    // A saves the browser's search, then closes the page: no socket of theirs is left.
    const alicePage = await openLive(browser(), alice, `/alllistings?q=${tag}&type=sell`);
    await alicePage.getByRole('button', { name: 'Save this search' }).click();
    const dialog = alicePage.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill('Rapier alert');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await alicePage.getByText('Saved "Rapier alert".').first().waitFor();
    await alicePage.context().close();

    // B is on the site and posts a listing the search finds; C, a visitor, watches it.
    const bobPage = await openLive(browser(), bob, '/alllistings');
    const listing = await match();
    const carol = await openLive(browser(), null, `/listing/${listing.id}`);
    await sellerOnCard(carol, 'Rapier').getByText('Online', { exact: true }).waitFor();
    await bobPage.context().close();
    await sellerOnCard(carol, 'Rapier')
      .getByText(/^Last seen /)
      .waitFor();

    // A was away: the match came by mail, with the listing's link.
    const mail = await waitForMail(inject('mailUrl'), alice.email, 1, 20_000);
    expect(mail.subject).toBe('1 saved search match on Brighter Shores Market');
    expect(mail.text).toContain('Rapier alert');
    expect(new URL(linkIn(mail, `/listing/${listing.id}`)).pathname).toBe(`/listing/${listing.id}`);

    // A comes back: the bell holds the match, and counts the next one live.
    const back = await openLive(browser(), alice, '/alllistings');
    await back.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await match();
    await back.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    await back.context().close();
    await carol.context().close();
  });
});
