import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openLive, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { postListingAs, updateListingAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const baseUrl = inject('baseUrl');
const browser = useBrowserAndAppDatabase();
let trader: TestUser;
let seller: TestUser;

beforeAll(async () => {
  trader = await createE2eUser();
  seller = await createE2eUser();
});

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('jwtToken'));

describe('Log out of all devices', () => {
  it('ends the session on this device and on the other, whose page stays live and whose next action shows the session-expired message', async () => {
    const rapier = { item: 'Rapier', type: 'sell', quantity: 1, gold: 2 } as const;
    const listing = await postListingAs(seller, rapier);
    const phone = await openLive(browser(), trader, `/listing/${listing.id}`);
    const laptop = await openLive(browser(), trader, '/myprofile?tab=settings');

    const sessions = laptop.getByRole('region', { name: 'Sessions' });
    await sessions.getByRole('button', { name: 'Log out of all devices' }).click();
    const confirm = laptop.getByRole('alertdialog').or(laptop.getByRole('dialog')).filter({
      hasText: 'Log out of all devices?',
    });
    await confirm.getByRole('button', { name: 'Log out everywhere' }).click();
    await laptop.waitForURL(`${baseUrl}/alllistings`);
    await laptop
      .getByRole('status')
      .filter({ hasText: 'You have been logged out of all devices.' })
      .waitFor();
    expect(await storedToken(laptop)).toBeNull();

    // The other device still holds its token until it next uses it. The server dropped its socket with
    // the session; it connects again as a visitor and the page stays live.
    expect(await storedToken(phone)).not.toBeNull();
    const note = `still live ${Date.now().toString(36)}`;
    await updateListingAs(seller, listing.id, { ...rapier, notes: note });
    await phone.getByText(note).waitFor();
    await phone.getByRole('status', { name: 'Connection: Live' }).waitFor();
    await phone.getByRole('button', { name: 'Make an Offer' }).click();
    const form = phone.getByRole('form', { name: 'Make an offer' });
    await form.getByLabel('Gold').fill('1');
    await form.getByRole('button', { name: 'Submit Offer' }).click();
    await phone.getByText('Your session has expired. Please log in again.').waitFor();
    // After a 2 s pause the token is gone and the browser has gone home.
    await phone.waitForURL((url) => url.pathname === '/' || url.pathname === '/alllistings');
    expect(await storedToken(phone)).toBeNull();
    await phone.getByRole('status', { name: 'Connection: Live' }).waitFor();
  });
});
