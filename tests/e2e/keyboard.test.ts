import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserAndAppDatabase, waitForToast } from '../helpers/e2e-pages';
import { adminE2eUser, createE2eUser } from '../helpers/e2e-session';
import { useSharedPages } from '../helpers/e2e-shared-pages';
import { offerAs, postListingAs, uniqueTag } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';
import { expectFocusedError, focusReport, liveRegionText } from '../helpers/e2e-focus';
import { coveredStops, focusAfterLastControl } from '../helpers/e2e-tab-walk';

/*
 * Keyboard and screen-reader behaviour: the browser is driven by keys only, and what a
 * screen reader relies on (focus, aria-invalid, aria-describedby) is read from the page.
 */

const baseUrl = inject('baseUrl');
const browser = useBrowserAndAppDatabase();
let trader: TestUser;
/** The Tab walks' owner: enough listings that their pages scroll at both widths, few enough to walk. */
let walker: TestUser;
let walkerListingId: number;
let admin: TestUser;
let listingId: number;
const tag = uniqueTag('kbd');

beforeAll(async () => {
  trader = await createE2eUser();
  walker = await createE2eUser();
  admin = await adminE2eUser();
  for (let i = 0; i < 8; i++) {
    const listing = await postListingAs(walker, {
      item: 'Empty Gas Leech',
      type: 'sell',
      quantity: 1,
      silver: 40 + i,
    });
    walkerListingId = listing.id;
  }
  // A browse page long enough to scroll, with "Show More" at its end.
  for (let i = 0; i < 26; i++) {
    listingId = (
      await postListingAs(trader, {
        item: 'Empty Gas Leech',
        type: 'sell',
        quantity: 1,
        silver: i + 1,
        notes: tag,
      })
    ).id;
  }
});

/**
 * The tests share a page per user, as a player loads page after page: nothing here needs a new device, and
 * a new document starts afresh (focus from the top, no dialog open) as on a new one.
 */
const pages = useSharedPages(browser);

/** `path` in the page of `user` (a visitor without) at `width`, once its heading shows. */
async function openPage(width: number, user?: TestUser, path = '/alllistings'): Promise<Page> {
  const page = await pages.page(user ?? null, path, { width, height: 800 });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

describe('focus is never hidden under the sticky top bar', () => {
  // Every page of the app, with content where it has some (a real listing, a trader's profile).
  const routes: Array<{ path: () => string; as?: () => TestUser }> = [
    { path: () => '/alllistings' },
    { path: () => `/listing/${listingId}` },
    { path: () => `/listing/${walkerListingId}`, as: () => walker },
    { path: () => `/profile/${walker.id}` },
    { path: () => '/gettingstarted' },
    { path: () => '/register' },
    { path: () => '/login?message=Registration%20successful' },
    { path: () => '/reset-password?token=e2e' },
    { path: () => '/verify-email?status=success' },
    { path: () => '/post', as: () => walker },
    { path: () => '/myprofile', as: () => walker },
    { path: () => '/myprofile?tab=settings', as: () => walker },
    { path: () => '/adminpanel', as: () => admin },
    { path: () => '/test' },
  ];
  for (const width of [1280, 390]) {
    it(`Tab and Shift+Tab through every page at ${width} px never stop on a covered control`, async () => {
      const covered: string[] = [];
      for (const route of routes) {
        const page = await openPage(width, route.as?.(), route.path());
        // The walk goes through what the page shows once its data is in.
        await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
        covered.push(...(await coveredStops(page, 'Tab')).map((stop) => `${route.path()}: ${stop}`));
        await focusAfterLastControl(page);
        // Straight to the bottom, with no animation: the End key's smooth scroll runs on the compositor,
        // which a later scroll does not stop, and it would move the page under the walk's first stops.
        await page.evaluate(() =>
          scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
        );
        covered.push(...(await coveredStops(page, 'Shift+Tab')).map((stop) => `${route.path()}: ${stop}`));
      }
      expect(covered).toEqual([]);
    }, 240_000);
  }
});

describe('form errors move focus to the first problem and are tied to their field', () => {
  it('register: a failed submit focuses Username; a taken username comes back onto that field', async () => {
    const page = await openPage(1280, undefined, '/register');
    const username = page.getByRole('textbox', { name: 'Username' });
    await page.getByRole('button', { name: 'Create Account' }).press('Enter');
    await expectFocusedError(page, 'input', 'Username');
    expect(await username.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.type(trader.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${tag}@example.test`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('long enough password');
    await page.keyboard.press('Tab');
    await page.keyboard.type('long enough password');
    await page.keyboard.press('Enter');
    await expectFocusedError(page, 'input', 'That username is already taken');
    expect(await username.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('login popup: after a wrong password and after Send Reset Link, focus stays inside and Escape closes it', async () => {
    const page = await openPage(1280);
    await page.getByRole('button', { name: 'Open menu' }).press('Enter');
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).press('Enter');
    const popup = page.getByRole('dialog', { name: 'Login' });
    await popup.getByRole('tab', { name: 'Discord' }).waitFor();
    // From the Close button to the tab list, where the arrow key selects Email; Tab goes into its panel.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await page.keyboard.type(trader.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    await popup.getByText('Invalid email or password').waitFor();
    const inside = () =>
      popup.evaluate(
        (dialog) => dialog.contains(document.activeElement) && document.activeElement !== dialog,
      );
    expect(await inside()).toBe(true);

    await popup.getByRole('button', { name: 'Forgot your password?' }).press('Enter');
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await reset.getByRole('textbox', { name: 'Email' }).waitFor();
    await page.keyboard.type(trader.email);
    await page.keyboard.press('Enter');
    await reset.getByText('Returning to login...').waitFor();
    expect(
      await reset.evaluate((d) => d.contains(document.activeElement) && document.activeElement !== d),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await reset.waitFor({ state: 'detached' });
    expect((await focusReport(page)).onBody).toBe(false);
  });

  it('/post: an empty submit focuses the item picker, described by its message', async () => {
    const page = await openPage(1280, trader, '/post');
    await page.getByRole('button', { name: 'Post Listing' }).press('Enter');
    await expectFocusedError(page, 'input', 'Please select an item');
    expect(
      await page.getByRole('combobox', { name: 'Item' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
  });

  it('reset password: a refused token focuses the form message', async () => {
    const page = await openPage(1280, undefined, '/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('long enough password');
    await page.getByLabel('Confirm new password').fill('long enough password');
    await page.getByRole('button', { name: 'Reset Password' }).press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role') ?? ''))
      .toBe('alert');
  });

  it('change password: a wrong current password comes back onto that field', async () => {
    const page = await openPage(1280, trader, '/myprofile');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Current password').fill('not the password');
    await page.getByLabel('New password', { exact: true }).fill('another long password');
    await page.getByLabel('Confirm new password').fill('another long password');
    await page.getByRole('button', { name: 'Change Password' }).press('Enter');
    await expectFocusedError(page, 'input', 'Current password is incorrect');
  });
});

describe('focus has a place after actions', () => {
  it('an in-app route change focuses the new page heading, and the next Tab continues in the page', async () => {
    const page = await openPage(1280, undefined, '/alllistings');
    const link = page.getByRole('article').first().getByRole('link').first();
    const item = (await link.textContent()) ?? '';
    await link.press('Enter');
    await page.waitForURL(/\/listing\//);
    await expect.poll(async () => (await focusReport(page)).name).toBe(`h1 "${item}"`);

    await page.keyboard.press('Tab');
    expect((await focusReport(page)).name).not.toContain('Skip to content');
    await page.getByRole('link', { name: 'Back to All Listings' }).press('Enter');
    await expect.poll(async () => (await focusReport(page)).name).toBe('h1 "Current Listings"');
  });

  it('"Show More" hands focus to the first listing it added, also when the button goes', async () => {
    const page = await openPage(1280, undefined, '/alllistings');
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await page.waitForURL((url) => url.search.includes(tag));
    await page
      .getByRole('status')
      .filter({ hasText: /^26 Active Listings$/ })
      .waitFor();
    // 26 listings, 10 to a page: the first "Show More" stays below the new cards, the second is the last.
    const cards = page.getByRole('main').getByRole('article');
    const focusIn = (index: number) => cards.nth(index).evaluate((el) => el.contains(document.activeElement));
    await page.getByRole('button', { name: 'Show More (16 remaining)' }).press('Enter');
    await expect.poll(() => focusIn(10)).toBe(true);
    const last = page.getByRole('button', { name: 'Show More (6 remaining)' });
    await last.press('Enter');
    await last.waitFor({ state: 'detached' });
    await expect.poll(() => focusIn(20)).toBe(true);
  });
});

describe('the item picker follows the combobox pattern', () => {
  it('Tab passes through closed, typing announces the count, and an exact name is kept on Tab; Dmg % is checked on leaving', async () => {
    const page = await openPage(1280, trader, '/post');
    const picker = page.getByRole('combobox', { name: 'Item' });
    await page.getByRole('heading', { name: 'Post Listing' }).waitFor();
    // Focus reaches the picker by Tab from the page heading, leaving its list closed.
    for (let i = 0; i < 20 && !(await picker.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await picker.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Tab');
    expect(
      await page.getByLabel('Type', { exact: true }).evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('zzzz no such item');
    await expect.poll(() => liveRegionText(page)).toContain('No items match.');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0 to 180 rapier');
    await expect.poll(() => liveRegionText(page)).toMatch(/1 item matches\./);
    await page.keyboard.press('Tab');
    expect(await picker.inputValue()).toBe('0 to 180 Rapier');
    expect((await focusReport(page)).name).toContain('select');
    // The combat section appears for the kept weapon; Dmg % is checked when left, not while typing.
    const combat = page.getByRole('group', { name: 'Combat' });
    const dmg = combat.getByLabel('Dmg %');
    await dmg.fill('3');
    expect(await dmg.getAttribute('aria-invalid')).toBeNull();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => dmg.getAttribute('aria-invalid')).toBe('true');
    expect(await combat.getByRole('group', { name: 'Resistances' }).getByLabel('Cryonae').count()).toBe(1);
  });
});

describe('one polite live region tells toasts and live news, and never moves focus', () => {
  it('is in the page, empty, from the first render, and a watcher hears a burst of offers as one summary', async () => {
    const page = await openPage(1280, trader, '/alllistings');
    expect(await liveRegionText(page)).toBe('');
    const listing = await postListingAs(trader, {
      item: 'Empty Gas Leech',
      type: 'sell',
      quantity: 5,
      silver: 2,
    });
    await page.goto(new URL(`/listing/${listing.id}`, baseUrl).href);
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Empty Gas Leech' }).waitFor();
    const focusedBefore = (await focusReport(page)).name;

    const buyers = [await createE2eUser(), await createE2eUser(), await createE2eUser()];
    await Promise.all(buyers.map((buyer) => offerAs(buyer, listing.id, 1000, '', 1)));
    await expect.poll(() => liveRegionText(page), { timeout: 10_000 }).toContain('3 new offers.');
    expect((await focusReport(page)).name).toBe(focusedBefore);
  });

  it('a toast reaches the live region, and can be closed from the keyboard', async () => {
    const page = await openPage(1280, trader, '/post');
    await page.getByRole('combobox', { name: 'Item' }).fill('Empty Gas Leech');
    // The catalogue has arrived, so Tab takes the name for the item (the picker's own test covers a Tab before).
    await expect.poll(() => liveRegionText(page)).toContain('1 item matches.');
    await page.keyboard.press('Tab');
    await page.getByLabel('Silver').fill('3');
    await page.getByRole('button', { name: 'Post Listing' }).press('Enter');
    await expect.poll(() => liveRegionText(page)).toContain('Listing saved!');
    const close = page.getByRole('button', { name: 'Close: Listing saved!' });
    await close.press('Enter');
    await close.waitFor({ state: 'detached' });
    expect((await focusReport(page)).onBody).toBe(false);
  });
});

describe('the connection status', () => {
  it('at 390 px says "Live" in words, and a first load never says "Reconnecting..."', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 800 } });
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { statusesSeen: string[] }).statusesSeen = seen;
      new MutationObserver(() => {
        const label = document.querySelector('.connection-indicator')?.getAttribute('aria-label');
        if (label && seen.at(-1) !== label) seen.push(label);
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    const page = await context.newPage();
    await page.goto(new URL('/alllistings', baseUrl).href);
    const status = page.getByRole('status', { name: 'Connection: Live' });
    await status.waitFor();
    expect(await status.getByText('Live').isVisible()).toBe(true);
    const seen = await page.evaluate(() => (window as unknown as { statusesSeen: string[] }).statusesSeen);
    expect(seen).not.toContain('Connection: Reconnecting...');
    expect(seen.at(-1)).toBe('Connection: Live');
    await context.close();
  });
});

describe('focus after offers and admin removals', () => {
  it('offer form: Cancel, and submitting (told in a toast, no dialog), return to "Make an Offer"', async () => {
    const listing = await postListingAs(admin, {
      item: 'Empty Gas Leech',
      type: 'sell',
      quantity: 2,
      silver: 4,
    });
    const page = await openPage(1280, trader, `/listing/${listing.id}`);
    const make = page.getByRole('button', { name: 'Make an Offer' });
    await make.press('Enter');
    await page.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect.poll(() => make.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await page.getByRole('form', { name: 'Make an offer' }).getByLabel('Silver').fill('4');
    await page.getByRole('button', { name: 'Submit Offer' }).press('Enter');
    await waitForToast(page, 'Offer submitted successfully!');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => make.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('admin panel: after deleting a listing, focus moves to a neighbouring control, not the page body', async () => {
    const listing = await postListingAs(trader, {
      item: 'Empty Gas Leech',
      type: 'sell',
      quantity: 1,
      silver: 9,
    });
    const page = await openPage(1280, admin, '/adminpanel?tab=listings');
    const remove = page.getByRole('button', { name: `Delete Empty Gas Leech listing #${listing.id}` });
    await remove.press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete listing' }).press('Enter');
    await remove.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focusReport(page)).onBody).toBe(false);
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(
      true,
    );
  });
});

describe('admin panel: Manage Admins', () => {
  it('a refused Discord id is tied to its field and focused; a successful add is announced', async () => {
    const page = await openPage(390, admin, '/adminpanel?tab=admins');
    const field = page.getByRole('textbox', { name: "New admin's Discord ID" });
    await field.fill('12');
    await page.getByRole('button', { name: 'Add Admin' }).press('Enter');
    await expect.poll(async () => (await focusReport(page)).invalid).toBe('true');
    expect((await focusReport(page)).description).toBe('A Discord ID has 17 to 20 digits');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => liveRegionText(page)).toContain('1 field needs attention.');

    const id = `9${Date.now()}`.padEnd(18, '7');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(id);
    await page.keyboard.press('Enter');
    await expect.poll(() => liveRegionText(page)).toContain(`Admin ${id} added.`);
  });
});
