import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { answerDialog, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser, openLoggedIn } from '../helpers/e2e-session';
import { postListingAs, uniqueTag } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';
import { useSharedPages } from '../helpers/e2e-shared-pages';

const baseUrl = inject('baseUrl');
const browser = useBrowserAndAppDatabase();
/** A visitor's page, shared by the tests that need no login; each player has a context of their own. */
const pages = useSharedPages(browser);
let seller: TestUser;

beforeAll(async () => {
  seller = await createE2eUser();
});

async function newPage(width = 1280): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

const card = (page: Page, item: string) => page.getByRole('article', { name: item, exact: true });
const text = async (locator: Locator) => (await locator.textContent()) ?? '';

const toast = (page: Page, message: string) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: message }).first();

describe('post, browse, filter, edit and delete a listing', () => {
  it('takes a combat listing from the form to the browser and back out', async () => {
    const tag = uniqueTag('forge');
    const page = await newPage();
    await openLoggedIn(page, seller, '/post');
    await page.getByRole('heading', { name: 'Post Listing' }).waitFor();

    await page.getByRole('combobox', { name: 'Item' }).fill('Rapier');
    await page.getByRole('option', { name: 'Rapier', exact: true }).click();
    await page.getByLabel('Type', { exact: true }).selectOption('sell');
    await page.getByLabel('Quantity').fill('3');
    await page.getByLabel('Gold').fill('2');
    await page.getByLabel('Silver').fill('500');

    const combat = page.getByRole('group', { name: 'Combat' });
    await combat.getByLabel('Level').fill('1200');
    await combat.getByLabel('Strength').fill('9999');
    expect(await combat.getByLabel('Strength').inputValue()).toBe('3000');
    await combat.getByLabel('Damage type').selectOption('Impact');
    await combat.getByLabel('Dmg %').fill('55');
    await combat.getByLabel('Dmg %').press('Tab');
    await combat.getByText('Allowed: 0, 30-49, 70-89').waitFor();
    await combat.getByLabel('Dmg %').fill('35');
    await combat.getByLabel('Rarity').selectOption('Rare');
    await page.getByLabel('Notes').fill(`Sharp; ${tag} "edge"`);
    expect(await page.getByLabel('Notes').inputValue()).toBe(`Sharp ${tag} edge`);

    const preview = page.getByRole('complementary', { name: 'Preview' });
    expect(await text(preview)).toContain('7 gold 500 silver');

    await page.getByRole('button', { name: 'Post Listing' }).click();
    await toast(page, 'Listing saved!').waitFor();
    await page.waitForURL(/\/listing\/\d+$/);
    await page.getByRole('link', { name: 'Back to All Listings' }).click();
    await page.waitForURL(`${baseUrl}/alllistings`);

    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await page.waitForURL(/q=/);
    await page.getByText('1 Active Listing').waitFor();
    const posted = card(page, 'Rapier');
    const body = await text(posted);
    for (const expected of [
      'Selling',
      'Quantity: 3',
      seller.username,
      'Mine of Mantuban',
      'Combat',
      'Blacksmith',
      'Rare',
      '2 gold 500 silver',
      '7 gold 500 silver',
      'Level1200',
      'Strength3000',
      'Damage typeImpact',
      'Dmg %35%',
      `Sharp ${tag} edge`,
    ]) {
      expect(body).toContain(expected);
    }
    expect(body).toMatch(/Just now|\d+ Seconds Ago/);

    await page.getByLabel('Type', { exact: true }).selectOption('buy');
    await page.getByText('No listings found.').waitFor();
    await page.getByLabel('Type', { exact: true }).selectOption('sell');
    await posted.waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBe('sell');
    await page.reload();
    await card(page, 'Rapier').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(tag);

    await card(page, 'Rapier').getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/post\?edit=\d+/);
    expect(await page.getByRole('combobox', { name: 'Item' }).inputValue()).toBe('Rapier');
    await page.getByLabel('Quantity').fill('5');
    await page.getByRole('button', { name: 'Update Listing' }).click();
    await toast(page, 'Listing saved!').waitFor();
    await page.waitForURL(/\/listing\/\d+$/);
    await page.goto(`${baseUrl}/alllistings?q=${tag}`);
    await card(page, 'Rapier').getByText('Quantity: 5').waitFor();
    expect(await text(card(page, 'Rapier'))).toContain('12 gold 500 silver');

    await card(page, 'Rapier').getByRole('button', { name: 'Delete' }).click();
    await answerDialog(page, 'Delete listing', 'Delete your listing');
    await toast(page, 'Listing deleted!').waitFor();
    await page.getByText('No listings found.').waitFor();
    await page.context().close();
  });

  it('asks a visitor to log in before posting', async () => {
    const page = await pages.page(null, '/post');
    await page.getByText('Please log in to post a listing.').waitFor();
  });

  it('shows the not-found view for a missing listing', async () => {
    const page = await pages.page(null, '/listing/99999999');
    await page.getByRole('heading', { name: 'Listing Not Found' }).waitFor();
    await page.getByText('The listing you are looking for does not exist or has been removed.').waitFor();
    await page.getByRole('link', { name: 'Back to All Listings' }).click();
    await page.waitForURL(`${baseUrl}/alllistings`);
  });
});

describe('profiles', () => {
  it('own and public profile stats agree with the listings', async () => {
    const trader = await createE2eUser();
    await postListingAs(trader, { item: 'Rapier', type: 'sell', quantity: 2, gold: 1, priceMode: 'Each' });
    await postListingAs(trader, {
      item: 'Chainmail Torso',
      type: 'buy',
      quantity: 1,
      silver: 250,
      priceMode: 'Each',
    });
    const stats = (page: Page) => page.getByRole('region', { name: 'Listing stats' });

    const page = await newPage();
    await openLoggedIn(page, trader, '/myprofile');
    await page.getByRole('heading', { name: trader.username }).waitFor();
    await stats(page).getByText('250 silver').waitFor();
    const own = await text(stats(page));
    expect(own).toContain('Total Listings2');
    expect(own).toMatch(/Selling\s*2 gold/);
    expect(own).toContain('Buy Orders1');
    expect(own).toContain('Sell Orders1');

    await page.getByRole('tab', { name: 'My Listings' }).click();
    await page.getByRole('heading', { name: 'My Listings (2)' }).waitFor();
    await page.getByLabel('Type', { exact: true }).selectOption('buy');
    await card(page, 'Chainmail Torso').waitFor();
    expect(await card(page, 'Rapier').count()).toBe(0);
    // The count is of what the filter shows.
    await page.getByRole('heading', { name: 'My Listings (1)' }).waitFor();

    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'View Public Profile' }).click();
    await page.waitForURL(`${baseUrl}/profile/${trader.id}`);
    await stats(page).getByText('250 silver').waitFor();
    expect(await text(stats(page))).toBe(own);
    await page.getByText(`#${trader.id}`, { exact: true }).waitFor();
    await card(page, 'Rapier').waitFor();
    await page.context().close();
  });

  it('says when a trader has no listings and when a profile does not exist', async () => {
    const quiet = await createE2eUser();
    const page = await pages.page(null, `/profile/${quiet.id}`);
    await page.getByText(`${quiet.username} doesn't have any active listings yet.`).waitFor();
    await page.goto(`${baseUrl}/profile/987654321`);
    await page.getByRole('heading', { name: 'Profile not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
  });
});
