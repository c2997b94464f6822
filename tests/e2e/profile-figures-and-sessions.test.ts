import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openLive, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser, openLoggedIn } from '../helpers/e2e-session';
import { acceptOfferAs, offerAs, postListingAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const baseUrl = inject('baseUrl');
const browser = useBrowserAndAppDatabase();
const screenshots = Boolean(process.env.SCREENSHOTS);

/** A catalogue item no other browser test trades, so the overview's row for it is this file's. */
const TRADED = '15 Minute Potion Fear';

let trader: TestUser;
let buyer: TestUser;
let newcomer: TestUser;

beforeAll(async () => {
  [trader, buyer, newcomer] = await Promise.all([createE2eUser(), createE2eUser(), createE2eUser()]);
  // Two sell listings (one of them partly sold), one buy listing, and one sold out: 3 on offer.
  const partly = await postListingAs(trader, { item: TRADED, type: 'sell', quantity: 10, silver: 2 });
  await postListingAs(trader, { item: 'Rapier', type: 'sell', quantity: 1, gold: 1 });
  await postListingAs(trader, { item: 'Rapier', type: 'buy', quantity: 2, silver: 500 });
  const soldOut = await postListingAs(trader, { item: TRADED, type: 'sell', quantity: 1, silver: 2 });
  await acceptOfferAs(trader, (await offerAs(buyer, partly.id, 8_000, '', 4)).id);
  await acceptOfferAs(trader, (await offerAs(buyer, soldOut.id, 2_000)).id);
});

async function themedPage(theme: string, width: number, user: TestUser | null, path: string): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  if (user) await openLoggedIn(page, user, path);
  else await page.goto(new URL(path, baseUrl).href);
  return page;
}

/** With SCREENSHOTS=1: `shoot` on a fresh page in both themes at 1280 and 390 px. */
async function screenshotsOf(
  name: string,
  user: TestUser | null,
  path: string,
  shoot: (page: Page) => Promise<void>,
): Promise<void> {
  if (!screenshots) return;
  mkdirSync('screenshots', { recursive: true });
  for (const theme of ['dark', 'light']) {
    for (const width of [1280, 390]) {
      const page = await themedPage(theme, width, user, path);
      await shoot(page);
      await page.screenshot({ path: `screenshots/${name}-${theme}-${width}.png`, fullPage: true });
      await page.context().close();
    }
  }
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('Change Password', () => {
  it('says the password changed, keeps the form in place and puts focus on the confirmation', async () => {
    const player = await createE2eUser();
    const page = await openLive(browser(), player, '/myprofile?tab=settings');
    const section = page.getByRole('region', { name: 'Change Password' });
    await section.getByLabel('Current password').fill(player.password);
    await section.getByLabel('New password', { exact: true }).fill('another long password');
    await section.getByLabel('Confirm new password').fill('another long password');
    await section.getByRole('button', { name: 'Change Password' }).click();

    const done = section.getByRole('status').filter({ hasText: 'Password changed successfully!' });
    await done.waitFor();
    expect(await section.getByLabel('Current password').inputValue()).toBe('');
    await expect.poll(() => focusedText(page)).toBe('Password changed successfully!');
    // Still logged in, on the new token.
    await page.getByRole('heading', { name: 'Display Name' }).waitFor();
    await page.context().close();
  });

  it('screenshots', async () => {
    if (!screenshots) return;
    mkdirSync('screenshots', { recursive: true });
    for (const theme of ['dark', 'light']) {
      for (const width of [1280, 390]) {
        // A player each: a password change ends the account's other sessions, the next page's included.
        const player = await createE2eUser();
        const page = await themedPage(theme, width, player, '/myprofile?tab=settings');
        const section = page.getByRole('region', { name: 'Change Password' });
        await section.getByLabel('Current password').fill(player.password);
        await section.getByLabel('New password', { exact: true }).fill('another long password');
        await section.getByLabel('Confirm new password').fill('another long password');
        await section.getByRole('button', { name: 'Change Password' }).click();
        await section.getByText('Password changed successfully!').waitFor();
        await section.screenshot({ path: `screenshots/password-changed-${theme}-${width}.png` });
        await page.context().close();
      }
    }
  });
});

const stat = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Listing stats' }).getByRole('group', { name: label });
const fact = (page: Page, card: string, term: string) =>
  page
    .getByRole('region', { name: card })
    .getByRole('definition')
    .filter({
      has: page.locator(`xpath=preceding-sibling::dt[normalize-space()="${term}"]`),
    });

describe('My Profile figures', () => {
  it('counts the same listings in the stats and the Overview, and shows selling and buying apart', async () => {
    const page = await openLive(browser(), trader, '/myprofile');
    await page.getByRole('heading', { name: 'Marketplace Activity' }).waitFor();
    await expect.poll(async () => stat(page, 'Total Listings').textContent()).toBe('Total Listings3');
    expect(await fact(page, 'Marketplace Activity', 'Total listings').textContent()).toBe('3');
    // Selling: 6 left at 2 silver and 1 at 1 gold; buying: 2 at 500 silver; never added together.
    const value = (await stat(page, 'Total Value').textContent()) ?? '';
    expect(value).toMatch(/Selling\s*1 gold 12 silver/);
    expect(value).toMatch(/Buying\s*1 gold(?!\s*\d+ silver)/);
    expect(await fact(page, 'Marketplace Activity', 'Status').textContent()).toBe('Active Trader');
    await page.context().close();
  });

  it('does not call a player without listings an active trader', async () => {
    const page = await openLive(browser(), newcomer, '/myprofile');
    await page.getByRole('heading', { name: 'Marketplace Activity' }).waitFor();
    await expect
      .poll(async () => fact(page, 'Marketplace Activity', 'Status').textContent())
      .toBe('No active listings');
    expect(await fact(page, 'Marketplace Activity', 'Total listings').textContent()).toBe('0');
    await page.context().close();
  });

  it('screenshots', async () => {
    await screenshotsOf('profile-figures', trader, '/myprofile', async (page) => {
      await page.getByRole('heading', { name: 'Marketplace Activity' }).waitFor();
      await page.getByText('Active Trader').waitFor();
    });
  });
});

describe('the market overview', () => {
  it('shows each row’s 7-day median as visible text', async () => {
    const page = await openLive(browser(), null, '/market');
    const row = page
      .getByRole('region', { name: 'Most traded, 24 h' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: TRADED, exact: true }) });
    const median = row.getByText(/7-day median/);
    await median.waitFor();
    expect(await median.textContent()).toContain('2 silver');
    const box = await median.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(40);
    expect(box?.height ?? 0).toBeGreaterThan(8);
    await page.context().close();
  });

  it('screenshots', async () => {
    await screenshotsOf('market-overview', null, '/market', async (page) => {
      await page.getByRole('link', { name: TRADED, exact: true }).first().waitFor();
    });
  });
});

async function logOutEverywhere(page: Page): Promise<void> {
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.getByRole('button', { name: 'Log out of all devices' }).click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .getByRole('button', {
      name: 'Log out everywhere',
    })
    .click();
  await page.waitForURL(`${baseUrl}/alllistings`);
}

const sidebarName = (page: Page, user: TestUser) =>
  page.getByRole('banner').getByText(user.username, { exact: true });

describe('Log out of all devices, seen from the other tabs', () => {
  it('ends the session at once on another device and another tab, and each says the session ended', async () => {
    const player = await createE2eUser();
    const laptop = await openLive(browser(), player, '/myprofile?tab=settings');
    const otherTab = await openLive(browser(), player, '/myprofile', laptop);
    const phone = await openLive(browser(), player, '/myprofile');
    for (const page of [otherTab, phone]) await sidebarName(page, player).first().waitFor();

    await logOutEverywhere(laptop);
    for (const page of [otherTab, phone]) {
      // Without navigating: the name goes and the page says why.
      await page.getByText('Your session has ended. Please log in again.').first().waitFor();
      await expect.poll(() => sidebarName(page, player).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
      expect(new URL(page.url()).pathname).toBe('/myprofile');
      await page
        .getByRole('button', { name: /^Log ?in$/ })
        .first()
        .waitFor();
      await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    }
    await laptop.context().close();
    await phone.context().close();
  });

  it('screenshots', async () => {
    if (!screenshots) return;
    for (const theme of ['dark', 'light']) {
      for (const width of [1280, 390]) {
        const player = await createE2eUser();
        const other = await themedPage(theme, width, player, '/myprofile');
        await other.getByRole('status', { name: 'Connection: Live' }).waitFor();
        const laptop = await (other.context().browser() as Browser).newPage();
        await openLoggedIn(laptop, player, '/myprofile?tab=settings');
        await logOutEverywhere(laptop);
        await laptop.context().close();
        await other.getByText('Your session has ended. Please log in again.').first().waitFor();
        await other.screenshot({ path: `screenshots/session-ended-${theme}-${width}.png`, fullPage: true });
        await other.context().close();
      }
    }
  });
});
