import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerDialog, openLive, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { adminE2eUser, createE2eUser } from '../helpers/e2e-session';
import { postListingAs, uniqueTag } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const browser = useBrowserAndAppDatabase();
let owner: TestUser;
let reporter: TestUser;
let admin: TestUser;

beforeAll(async () => {
  owner = await createE2eUser();
  reporter = await createE2eUser();
  admin = await adminE2eUser();
});

const toast = (page: Page, message: string) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: message }).first();

describe('moderation, from a report to a lifted suspension', () => {
  it('a report reaches the queue; suspending the owner takes the listing off browse live and ends their session; lifting brings it back', async () => {
    const tag = uniqueTag('scam');
    await postListingAs(owner, {
      item: 'Rapier',
      type: 'sell',
      quantity: 1,
      gold: 1,
      priceMode: 'Each',
      notes: `cheap ${tag}`,
    });
    const elsewhere = await postListingAs(reporter, {
      item: 'Pine Needle Worms',
      type: 'sell',
      quantity: 5,
      silver: 1,
      priceMode: 'Each',
      notes: tag,
    });

    // A third player watches browse; the owner has another player's listing open.
    const watcher = await openLive(browser(), null, `/alllistings?q=${tag}`);
    await watcher.getByText('2 Active Listings').waitFor();
    const ownerPage = await openLive(browser(), owner, `/listing/${elsewhere.id}`);

    // The reporter reports the listing from its card.
    const reporterPage = await openLive(browser(), reporter, `/alllistings?q=${tag}`);
    const card = reporterPage.getByRole('article', { name: 'Rapier' });
    expect(
      await reporterPage
        .getByRole('article', { name: 'Pine Needle Worms' })
        .getByRole('button', { name: /^Report/ })
        .count(),
    ).toBe(0);
    await card.getByRole('button', { name: `Report Rapier by ${owner.username}` }).click();
    const dialog = reporterPage.getByRole('dialog', { name: 'Report this listing' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Reason').selectOption({ label: 'Scam or fraud' });
    await dialog.getByLabel(/^Details/).fill('Took my gold and never traded.');
    await dialog.getByText('30/1,000 characters').waitFor();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(reporterPage, 'Thanks, an admin will look at it').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // A second report on the same listing is refused with a clear message.
    await card.getByRole('button', { name: /^Report/ }).click();
    await dialog.getByLabel('Reason').selectOption({ label: 'Spam' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'You already reported this' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The admin finds it in the queue and suspends the owner.
    const adminPage = await openLive(browser(), admin, '/adminpanel');
    await adminPage.getByRole('tab', { name: 'Reports', selected: true }).waitFor();
    const report = adminPage
      .getByRole('article')
      .filter({ hasText: `Rapier (sell listing) by ${owner.username}` });
    await report.getByText('Took my gold and never traded.').waitFor();
    expect(await report.textContent()).toContain('Scam or fraud');
    expect(await report.textContent()).toContain(reporter.username);
    await report.getByRole('button', { name: /^Suspend user/ }).click();
    const suspend = adminPage.getByRole('alertdialog', { name: 'Suspend user' });
    await suspend.getByLabel('Reason (the player sees it)').fill('Scamming buyers');
    await suspend.getByLabel('Days').fill('7');
    await suspend.getByRole('button', { name: 'Suspend user' }).click();
    await toast(adminPage, 'User suspended for 7 days.').waitFor();
    await suspend.waitFor({ state: 'detached' });
    // Other files' reports (trade disputes) may share the queue: this one is what must leave it.
    await report.waitFor({ state: 'detached' });

    // The listing leaves the third player's browse page live.
    await watcher.getByText('1 Active Listing').waitFor();
    expect(await watcher.getByRole('article', { name: 'Rapier' }).count()).toBe(0);

    // The suspended owner's open page learns it at once (the server drops its live connection and refuses
    // the token): it says the account was suspended and carries on as a visitor's. Logging in again says
    // why and until when.
    await ownerPage.getByText('Your account has been suspended, so you were logged out.').first().waitFor();
    await expect.poll(() => ownerPage.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
    await ownerPage
      .getByRole('button', { name: /^Log ?in$/ })
      .first()
      .click();
    const login = ownerPage.getByRole('dialog', { name: 'Login' });
    await login.getByRole('tab', { name: 'Email' }).click();
    await login.getByRole('textbox', { name: 'Email' }).fill(owner.email);
    await login.getByLabel('Password').fill(owner.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    const refusal = login.getByRole('alert').filter({ hasText: 'Your account is suspended' });
    await refusal.getByText('Scamming buyers').waitFor();
    expect(await refusal.textContent()).toMatch(/It ends on \d{1,2} \w+ \d{4}/);
    // The refusal takes focus, so it stays in the popup (Sign In was disabled meanwhile) and Escape closes it.
    await expect.poll(() => refusal.evaluate((el) => el === document.activeElement)).toBe(true);
    await ownerPage.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });

    // The admin lifts it from the Users tab; the listing returns to browse.
    await adminPage.getByRole('tab', { name: 'Users' }).click();
    await adminPage.getByLabel('Name, email or Discord ID').fill(owner.username);
    await adminPage.getByRole('button', { name: 'Search' }).click();
    const row = adminPage.getByRole('listitem').filter({ hasText: owner.username });
    await row.getByText('Suspended until').waitFor();
    await row.getByRole('button', { name: `Lift suspension of ${owner.username}` }).click();
    await answerDialog(adminPage, 'Lift suspension', 'can log in again');
    await toast(adminPage, `The suspension of ${owner.username} is lifted.`).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await watcher.getByText('2 Active Listings').waitFor();
    await watcher.getByRole('article', { name: 'Rapier' }).waitFor();

    // The audit log shows both actions, newest first.
    await adminPage.getByRole('tab', { name: 'Audit log' }).click();
    const rows = adminPage.getByRole('row');
    await rows.filter({ hasText: 'Lifted a suspension' }).first().waitFor();
    const actions = await rows.allTextContents();
    const lifted = actions.findIndex((t) => t.includes('Lifted a suspension') && t.includes(`#${owner.id}`));
    const suspended = actions.findIndex((t) => t.includes('Suspended a user') && t.includes(`#${owner.id}`));
    expect(lifted).toBeGreaterThan(0);
    expect(suspended).toBeGreaterThan(lifted);

    for (const page of [watcher, ownerPage, reporterPage, adminPage]) await page.context().close();
  });
});

describe('blocks', () => {
  it("a player blocks another from their profile: the blocked player's new listings stay out of browse live; Settings lists and unblocks", async () => {
    const tag = uniqueTag('blk');
    // A player of its own: the first test's owner was suspended, which ended the sessions its token had.
    const target = await createE2eUser();
    const page = await openLive(browser(), reporter, `/profile/${target.id}`);
    await page.getByRole('button', { name: `Block ${target.username}` }).click();
    await answerDialog(page, 'Block', 'They are not told.');
    await toast(page, `${target.username} is blocked.`).waitFor();
    await page.getByRole('button', { name: `Unblock ${target.username}` }).waitFor();

    await page.goto(`${page.url().split('/profile')[0]}/alllistings?q=${tag}`);
    await page.getByText('No listings found.').waitFor();
    // The new document's own connection: the listings posted before it is up would never reach it.
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    await postListingAs(target, { item: 'Rapier', type: 'sell', quantity: 1, gold: 1, notes: tag });
    await postListingAs(admin, {
      item: 'Pine Needle Worms',
      type: 'sell',
      quantity: 1,
      silver: 1,
      notes: tag,
    });
    // Events reach a page in the order they were sent, so once the second is shown the first was seen.
    await page.getByRole('article', { name: 'Pine Needle Worms' }).waitFor();
    expect(await page.getByRole('article', { name: 'Rapier' }).count()).toBe(0);

    await page.goto(`${page.url().split('/alllistings')[0]}/myprofile?tab=settings`);
    const blocked = page.getByRole('list', { name: 'Blocked players' });
    await blocked.getByRole('link', { name: target.username }).waitFor();
    await blocked.getByRole('button', { name: `Unblock ${target.username}` }).click();
    await toast(page, `${target.username} is unblocked.`).waitFor();
    await page.getByText('You have not blocked anyone.').waitFor();
    await page.context().close();
  });
});
