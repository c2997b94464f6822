import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openLive, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser, openLoggedIn } from '../helpers/e2e-session';
import { offerAs, postListingAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

/* The notification centre: the bell in the top bar, its panel, by mouse and by keyboard. */

const browser = useBrowserAndAppDatabase();
let buyer: TestUser;

beforeAll(async () => {
  buyer = await createE2eUser();
});

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

/** A seller of their own, with a listing and `offers` offers on it from the buyer. */
async function sellerWithOffers(offers: number) {
  const seller = await createE2eUser();
  const listing = await postListingAs(seller, { item: 'Rapier', type: 'sell', quantity: 5, gold: 3 });
  for (let i = 0; i < offers; i++) await offerAs(buyer, listing.id, 1_000_000 + i, '', 1);
  return { seller, listing };
}

describe('the bell', () => {
  it('counts new notifications live', async () => {
    const { seller, listing } = await sellerWithOffers(0);
    const page = await openLive(browser(), seller, '/alllistings');
    await bell(page)
      .and(page.getByRole('button', { name: 'Notifications', exact: true }))
      .waitFor();
    await offerAs(buyer, listing.id, 2_000_000, '', 1);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await offerAs(buyer, listing.id, 2_100_000, '', 1);
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    await page.context().close();
  });

  it('works by keyboard: opens on Enter with focus inside, Escape closes it back onto the bell, Enter on one opens its listing and marks it read', async () => {
    const { seller, listing } = await sellerWithOffers(2);
    const page = await openLive(browser(), seller, '/alllistings');
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();

    await bell(page).focus();
    await page.keyboard.press('Enter');
    await panel(page).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Notifications');
    expect(await bell(page).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Notifications, 2 unread',
    );

    await page.keyboard.press('Enter');
    await panel(page).waitFor();
    const newest = panel(page).getByRole('link').first();
    expect(await newest.textContent()).toContain(`${buyer.username} offered 1g 1c for your Rapier`);
    expect(await newest.textContent()).toContain('(unread)');
    // Tab moves through the panel's controls and stays inside it.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await panel(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
      if (await newest.evaluate((el) => el === document.activeElement)) break;
    }
    expect(await newest.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/listing/${listing.id}`);
    await panel(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await page.context().close();
  });

  it('"Mark all read" clears the count, and it stays cleared after a reload', async () => {
    const { seller } = await sellerWithOffers(3);
    const page = await openLive(browser(), seller, '/alllistings');
    await bell(page).click();
    await panel(page).getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await panel(page).getByText('(unread)').count()).toBe(0);
    await page.reload();
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await page.context().close();
  });

  it('desktop notifications: opt-in from the panel; only while the tab is hidden; clicking one opens its listing', async () => {
    const { seller, listing } = await sellerWithOffers(0);
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['notifications'], { origin: inject('baseUrl') });
    // Records what the page shows through the real Notification API (headless Chromium draws nothing). The
    // headless build answers "denied" whatever the context grants, so the grant is also told to the page.
    await context.addInitScript(`
      const Real = window.Notification;
      window.shownNotifications = [];
      class Recorded extends Real {
        static get permission() { return 'granted'; }
        static requestPermission() { return Promise.resolve('granted'); }
        constructor(title, options) { super(title, options); window.shownNotifications.push(this); }
      }
      Object.defineProperty(window, 'Notification', { value: Recorded });
    `);
    const page = await context.newPage();
    await openLoggedIn(page, seller, '/alllistings');
    const shown = () => page.evaluate('window.shownNotifications.map((n) => n.body)');
    await bell(page).click();
    await panel(page).getByRole('button', { name: 'Turn on' }).click();
    await panel(page).getByText('Desktop notifications are on while this tab is hidden.').waitFor();
    await page.keyboard.press('Escape');

    await offerAs(buyer, listing.id, 2_000_000, '', 1);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    expect(await shown()).toEqual([]);

    // The tab goes to the background (what document.hidden reports when another tab is in front).
    await page.evaluate(
      "Object.defineProperty(document, 'hidden', { configurable: true, get() { return true; } })",
    );
    await offerAs(buyer, listing.id, 2_100_000, '', 1);
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    expect(await shown()).toEqual([`${buyer.username} offered 2g 100s for your Rapier`]);
    await page.evaluate("window.shownNotifications[0].onclick(new Event('click'))");
    await page.waitForURL(`**/listing/${listing.id}`);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await context.close();
  });

  it('at 390 px the panel fits the screen', async () => {
    const { seller } = await sellerWithOffers(2);
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(new URL('/alllistings', inject('baseUrl')).href);
    await page.evaluate((token) => localStorage.setItem('jwtToken', token), seller.token);
    await page.reload();
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const box = (await panel(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await panel(page).getByRole('link').count()).toBe(2);
    await context.close();
  });
});
