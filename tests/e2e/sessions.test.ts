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
  it('ends the session on this device and at once on the other, which says so and stays live as a visitor', async () => {
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

    // The server dropped the other device's socket with the session and refused its token on the way
    // back: that page learns at once, says so, drops its token, and stays live as a visitor's.
    await phone.getByText('Your session has ended. Please log in again.').first().waitFor();
    await expect.poll(() => storedToken(phone)).toBeNull();
    expect(new URL(phone.url()).pathname).toBe(`/listing/${listing.id}`);
    await phone.getByRole('status', { name: 'Connection: Live' }).waitFor();
    const note = `still live ${Date.now().toString(36)}`;
    await updateListingAs(seller, listing.id, { ...rapier, notes: note });
    await phone.getByText(note).waitFor();
  });
});
