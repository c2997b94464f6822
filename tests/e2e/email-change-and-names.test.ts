import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { UserModel } from '../../src-server/models/user';
import { adminE2eUser, createE2eUser, openLoggedIn } from '../helpers/e2e-session';
import { postListingAs } from '../helpers/e2e-users';
import { linkIn, waitForMail } from '../helpers/mailbox';

const baseUrl = inject('baseUrl');
const mailUrl = inject('mailUrl');
const run = Date.now().toString(36);

const browser = useBrowserAndAppDatabase();
let page: Page;

beforeAll(async () => {
  page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
});

describe('account settings in the browser', () => {
  it('changes the login email with the current password, shows it pending, and switches once the mailed link is opened', async () => {
    const user = await createE2eUser();
    const next = `moved.${run}@example.test`;
    await openLoggedIn(page, user, '/myprofile?tab=settings');

    const linking = page.getByRole('region', { name: 'Account Linking' });
    await linking.getByRole('button', { name: 'Change Email' }).click();
    const form = linking.getByRole('form', { name: 'Change email' });
    await form.getByLabel('New email').fill(next);
    await form.getByLabel('Current password').fill('not my password');
    await form.getByRole('button', { name: 'Change Email' }).click();
    await form.getByText('Current password is incorrect').waitFor();

    await form.getByLabel('Current password').fill(user.password);
    await form.getByRole('button', { name: 'Change Email' }).click();
    await linking.getByText(`Verification sent to ${next}.`).waitFor();

    // Until the link is opened the old address stays the login, and Settings says so, at once and
    // after a reload.
    const linked = page.getByRole('region', { name: 'Linked Email' });
    const pending = `Verification sent to ${next}; your login email stays ${user.email} until then.`;
    await linked.getByText(pending).waitFor();
    await page.reload();
    await linked.getByText(pending).waitFor();
    await expect(linked.getByLabel('Linked email').inputValue()).resolves.toBe(user.email);

    await page.goto(linkIn(await waitForMail(mailUrl, next), '/api/auth/verify-email'));
    await page
      .getByText('Email verified successfully! You can now log in with your email and password.')
      .waitFor();
    // Every session ended with the switch, this browser's too: it logs in again with the new address.
    await expect(page.evaluate(() => localStorage.getItem('jwtToken'))).resolves.toBeNull();
    const notice = await waitForMail(mailUrl, user.email);
    expect(notice.text).toContain(`changed from ${user.email} to ${next}`);

    await page.getByRole('button', { name: 'Continue to Login' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.goto(`${baseUrl}/alllistings`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).click();
    const popup = page.getByRole('dialog', { name: 'Login' });
    await popup.getByRole('tab', { name: 'Email' }).click();
    await popup.getByRole('textbox', { name: 'Email' }).fill(next);
    await popup.getByLabel('Password').fill(user.password);
    await Promise.all([page.waitForEvent('load'), popup.getByRole('button', { name: 'Sign In' }).click()]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByText(`Welcome, ${user.username}`).waitFor();
  });

  it('refuses a rename to a look-alike of another player’s name, with the message shown', async () => {
    const [other, renamer] = [await createE2eUser(), await createE2eUser()];
    // The same name with a Cyrillic а (U+0430) in place of the Latin a.
    const lookAlike = other.username.replace('a', '\u0430');
    await openLoggedIn(page, renamer, '/myprofile?tab=settings');

    const section = page.getByRole('region', { name: 'Display Name' });
    await section.getByRole('button', { name: 'Edit' }).click();
    await section.getByLabel('Display name').fill(lookAlike);
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText("That name is too similar to an existing player's name").waitFor();

    await section.getByLabel('Display name').fill(`Bob\u202e${run}`);
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Username can only contain letters, numbers, spaces, _, - and .').waitFor();
  });
});

describe('names from before the rules', () => {
  it('show in the admin panel with their unusual code points spelled out', async () => {
    const name = `Old\u202eName${run}`;
    const legacy = await createE2eUser();
    // As an older version of the app stored it: the name as typed, no skeleton.
    await UserModel.updateOne(
      { _id: legacy.id },
      { $set: { username: name, usernameLower: name.toLowerCase() }, $unset: { usernameSkeleton: 1 } },
    );
    const listing = await postListingAs(legacy, { item: 'Rapier', type: 'sell', quantity: 1, gold: 3 });
    expect(listing.seller).toBe(name);

    await openLoggedIn(page, await adminE2eUser(), '/adminpanel?tab=listings');
    const spelledOut = `Old\\u{202E}Name${run}`;
    const row = page.getByRole('row').filter({ hasText: spelledOut });
    await row.getByText(spelledOut, { exact: true }).waitFor();
    await expect(row.getByRole('link', { name: 'Rapier' }).count()).resolves.toBe(1);
  });
});
