import { beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { useSharedPages } from '../helpers/e2e-shared-pages';
import { expectAccessibleInBothThemes } from '../helpers/e2e-screens';
import { adminE2eUser, createE2eUser } from '../helpers/e2e-session';
import { acceptOfferAs, offerAs, postListingAs, reportAs, suspendAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

/** Given a book and a trade in beforeAll, so its item page shows its figures, tables and charts. */
const TRADED_ITEM = 'Pine Needle Worms';

/**
 * Every route of the router's table that renders a page of its own (redirects land on one of these).
 * /auth-success is left out: it moves on by itself within a second, before a scan can finish, and holding
 * it with Playwright's paused clock hung the page in our runs.
 */
const PUBLIC_ROUTES = [
  '/alllistings',
  '/listing/999999',
  `/item/${encodeURIComponent(TRADED_ITEM)}`,
  `/item/${encodeURIComponent('Feast Worms')}`,
  '/market',
  '/profile/999999',
  '/gettingstarted',
  '/guides/build-a-bot',
  // The REST API reference, rendered on the server in the site's theme: its overview and a tag's page.
  '/api/docs',
  '/api/docs?tag=listings',
  '/register',
  '/login?message=Registration%20successful',
  '/post',
  '/myprofile',
  '/adminpanel',
  '/reset-password?token=e2e',
  '/verify-email?status=success',
  '/test',
];
/** Pages that show more once logged in (as an admin, so the admin panel renders too). */
const LOGGED_IN_ROUTES = [
  '/post',
  '/myprofile',
  '/adminpanel',
  '/adminpanel?tab=users',
  '/adminpanel?tab=audit',
];

const browser = useBrowserAndAppDatabase();
/** One context per user (visitor, admin, buyer) at 1280 px: each route is a new document in it. */
const pages = useSharedPages(browser);
let admin: TestUser;
let buyer: TestUser;
let suspended: TestUser;
let listed: number;

beforeAll(async () => {
  admin = await adminE2eUser();
  const seller = await createE2eUser();
  buyer = await createE2eUser();
  suspended = await createE2eUser();
  const sold = await postListingAs(seller, { item: TRADED_ITEM, type: 'sell', quantity: 2, silver: 3 });
  listed = sold.id;
  // The admin panel's queue shows a report; the suspended player's login shows the refusal.
  await reportAs(buyer, { type: 'listing', id: sold.id }, 'scam', 'Asked me to pay first.');
  await suspendAs(admin, suspended.id, 'Spamming listings', 7);
  await postListingAs(seller, { item: TRADED_ITEM, type: 'sell', quantity: 5, silver: 4 });
  await postListingAs(buyer, { item: TRADED_ITEM, type: 'buy', quantity: 3, silver: 2 });
  await acceptOfferAs(seller, (await offerAs(buyer, sold.id, 5_800, '', 1)).id);
});

/** `path` as a new document in `user`'s page (null: a visitor's), once it has loaded. */
async function visit(user: TestUser | null, path: string): Promise<Page> {
  const page = await pages.page(user, path);
  // Loaded: the page's heading is up and its requests have finished (the live socket does not count).
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  return page;
}

describe('accessibility in the dark and light themes', () => {
  it.each(PUBLIC_ROUTES)('%s has no serious or critical violations for a visitor', async (path) => {
    const page = await visit(null, path);
    await expectAccessibleInBothThemes(page, path);
  });

  it.each(LOGGED_IN_ROUTES)(
    '%s has no serious or critical violations for a logged-in admin',
    async (path) => {
      const page = await visit(admin, path);
      await expectAccessibleInBothThemes(page, path);
    },
  );

  it('the open menu has no serious or critical violations', async () => {
    const page = await visit(admin, '/gettingstarted');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await expectAccessibleInBothThemes(page, 'menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('the report dialog has no serious or critical violations', async () => {
    const page = await visit(buyer, `/listing/${listed}`);
    await page
      .getByRole('button', { name: /^Report/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await dialog.waitFor();
    await expectAccessibleInBothThemes(page, 'report dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it("the login popup's suspended account notice has no serious or critical violations", async () => {
    const page = await visit(null, '/gettingstarted');
    await page.getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByRole('tab', { name: 'Email' }).click();
    await login.getByRole('textbox', { name: 'Email' }).fill(suspended.email);
    await login.getByLabel('Password').fill(suspended.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await login.getByText('Your account is suspended').waitFor();
    await expectAccessibleInBothThemes(page, 'login popup');
    // Its close button, not Escape: the refused Sign In took focus out of the popup with it.
    await login.getByRole('button', { name: 'Close' }).click();
    await login.waitFor({ state: 'detached' });
  });

  it('the confirm dialog has no serious or critical violations', async () => {
    const page = await visit(admin, '/gettingstarted');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Log Out' });
    await confirm.waitFor();
    await expectAccessibleInBothThemes(page, 'confirm dialog');
    // Kept logged in: the admin's other pages share this context.
    await confirm.getByRole('button', { name: 'Stay logged in' }).click();
    await confirm.waitFor({ state: 'hidden' });
  });
});
