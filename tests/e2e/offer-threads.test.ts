import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openLive, useBrowserAndAppDatabase, waitForToast } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { offerAs, postListingAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const browser = useBrowserAndAppDatabase();
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  seller = await createE2eUser();
  buyer = await createE2eUser();
});

const offerItem = (page: Page, status: string) =>
  page.getByRole('listitem', { name: `Offer from ${buyer.username}: ${status}` });
const thread = (page: Page, status = 'Pending') =>
  offerItem(page, status).getByRole('region', { name: /^Messages/ });
/** The thread's messages (not its composer, which holds the text being sent until the send completes). */
const messages = (page: Page, status = 'Pending') =>
  thread(page, status).getByRole('list', { name: 'Messages, oldest first' });

describe('the conversation on an offer', () => {
  it('the two traders write to each other live, with an unread marker, until the offer is rejected', async () => {
    const listing = await postListingAs(seller, { item: 'Rapier', type: 'sell', quantity: 1, gold: 3 });
    await offerAs(buyer, listing.id, 2_000_000, 'Interested');
    const sellerPage = await openLive(browser(), seller, `/listing/${listing.id}`);
    const buyerPage = await openLive(browser(), buyer, `/listing/${listing.id}`);

    await thread(buyerPage).getByRole('button', { name: 'Messages' }).click();
    const composer = thread(buyerPage).getByRole('form', { name: 'Write a message' });
    await composer.getByRole('button', { name: 'Send' }).click();
    const field = composer.getByLabel('Your message');
    await composer.getByText('Please write a message').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('Can we meet at the docks at noon?');
    await composer.getByRole('button', { name: 'Send' }).click();
    await messages(buyerPage).getByText('Can we meet at the docks at noon?').waitFor();

    // The seller's collapsed thread shows the unread marker live; opening it reads the message.
    const marked = thread(sellerPage).getByRole('button', { name: 'Messages 1 new' });
    await marked.waitFor();
    await marked.click();
    await messages(sellerPage).getByText('Can we meet at the docks at noon?').waitFor();
    await thread(sellerPage).getByRole('button', { name: 'Messages', exact: true }).waitFor();

    const reply = thread(sellerPage).getByLabel('Your message');
    await reply.fill('Noon works, see you there');
    await reply.press('Control+Enter');
    await messages(buyerPage).getByText('Noon works, see you there').waitFor();
    await buyerPage
      .getByRole('status')
      .filter({ hasText: `New message from ${seller.username}: Noon works, see you there` })
      .waitFor();
    expect(await thread(buyerPage).getByRole('button', { name: 'Messages', exact: true }).count()).toBe(1);

    await offerItem(sellerPage, 'Pending').getByRole('button', { name: 'Reject' }).click();
    await waitForToast(sellerPage, 'Offer rejected successfully!');
    await thread(buyerPage, 'Rejected')
      .getByText('This conversation is closed: the offer was rejected.')
      .waitFor();
    expect(await thread(buyerPage, 'Rejected').getByLabel('Your message').count()).toBe(0);
    expect(await messages(buyerPage, 'Rejected').getByText('Noon works, see you there').count()).toBe(1);
    await buyerPage.context().close();
    await sellerPage.context().close();
  });
});
