import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { expectFocusedError, focusReport, liveRegionText } from '../helpers/e2e-focus';
import { adminE2eUser, createE2eUser } from '../helpers/e2e-session';
import { useSharedPages } from '../helpers/e2e-shared-pages';
import { postListingAs, uniqueTag } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

/*
 * Keys that used to lose the player's place: the item picker choosing a row nobody heard of, and focus
 * falling to the page body after an error or a new token. Driven by keys, read as a screen reader would.
 */

const browser = useBrowserAndAppDatabase();
let trader: TestUser;
let other: TestUser;

beforeAll(async () => {
  trader = await createE2eUser();
  other = await createE2eUser();
});

/**
 * The tests share the trader's page, as the player loads page after page: none needs a new device, and a
 * new document starts afresh (focus from the top, the picker and the forms empty) as on a new one.
 */
const pages = useSharedPages(browser);

/** `path` in the trader's page, once its heading shows. */
async function openPage(path: string): Promise<Page> {
  const page = await pages.page(trader, path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** The name of the row the picker highlights (its aria-activedescendant), or null with none. */
const highlighted = (picker: Locator) =>
  picker.evaluate((el) => {
    const id = el.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.getAttribute('aria-label') ?? `#${id} missing`) : null;
  });

/** Selects the picker's text and types `text` as a person would, a key at a time. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text, { delay: 40 });
}

describe('the item picker picks what it announces', () => {
  const rapier = '0 to 180 Rapier';

  it('retyping the chosen name highlights that item, Enter keeps it, and Tab moves on to Type', async () => {
    const page = await openPage('/post');
    const picker = page.getByRole('combobox', { name: 'Item' });
    await picker.focus();
    await page.keyboard.type(rapier, { delay: 40 });
    await expect.poll(() => liveRegionText(page)).toContain('1 item matches.');
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Combat' }).waitFor();

    await retype(page, rapier);
    await expect.poll(() => highlighted(picker)).toBe(rapier);
    expect(await liveRegionText(page)).toContain('1 item matches.');
    expect(await page.getByRole('listbox', { name: 'Items' }).getByRole('option').count()).toBe(1);
    await page.keyboard.press('Enter');
    expect(await picker.inputValue()).toBe(rapier);
    expect(await picker.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('group', { name: 'Combat' }).count()).toBe(1);

    await retype(page, rapier);
    await expect.poll(() => highlighted(picker)).toBe(rapier);
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByLabel('Type', { exact: true }))).toBe(true);
    expect(await picker.inputValue()).toBe(rapier);
  });

  it('Escape closes the list and keeps the text; unmatched text is kept on Tab with an error', async () => {
    const page = await openPage('/post');
    const picker = page.getByRole('combobox', { name: 'Item' });
    await picker.focus();
    await page.keyboard.type(rapier, { delay: 40 });
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Combat' }).waitFor();

    await retype(page, 'rapier zzz');
    await expect.poll(() => liveRegionText(page)).toContain('No items match.');
    await page.keyboard.press('Escape');
    expect(await picker.getAttribute('aria-expanded')).toBe('false');
    expect(await picker.inputValue()).toBe('rapier zzz');

    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByLabel('Type', { exact: true }))).toBe(true);
    expect(await picker.inputValue()).toBe('rapier zzz');
    expect(await picker.getAttribute('aria-invalid')).toBe('true');
    // The earlier choice is gone with its text: what the field says is what would be posted.
    await page.getByRole('group', { name: 'Combat' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Post Listing' }).press('Enter');
    await expectFocusedError(page, 'input', 'No item is named "rapier zzz"');
  });

  it('a name typed and left before the catalogue has arrived is chosen when it arrives', async () => {
    const tab = await pages.tab(trader);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await tab.route('**/api/items/meta/names', async (route) => {
      await held;
      await route.continue();
    });
    await tab.goto(new URL('/post', inject('baseUrl')).href);
    const picker = tab.getByRole('combobox', { name: 'Item' });
    await picker.fill(rapier);
    await expect.poll(() => liveRegionText(tab)).toContain('Loading items…');
    await tab.keyboard.press('Tab');
    release();
    // Chosen: the item's own fields appear, and nothing marks the name as unknown.
    await tab.getByRole('group', { name: 'Combat' }).waitFor();
    expect(await picker.getAttribute('aria-invalid')).toBeNull();
    await tab.close();
  });
});

describe('focus stays on the problem', () => {
  it('Settings: a taken display name submitted with Save focuses the name, with the error tied to it', async () => {
    const page = await openPage('/myprofile?tab=settings');
    const section = page.getByRole('region', { name: 'Display Name' });
    await section.getByRole('button', { name: 'Edit' }).press('Enter');
    const field = section.getByLabel('Display name');
    await field.fill(other.username);
    await section.getByRole('button', { name: 'Save' }).press('Enter');
    await expectFocusedError(page, 'input', 'That username is already taken');
    expect(await isFocused(field)).toBe(true);
  });

  it('Settings: a new API token takes focus and is announced; a token error is tied to the name', async () => {
    const page = await openPage('/myprofile?tab=settings');
    const section = page.getByRole('region', { name: 'API tokens' });
    const create = section.getByRole('button', { name: 'Create token' });
    await create.press('Enter');
    await expectFocusedError(page, 'input', 'Token name is required');
    expect(await isFocused(section.getByLabel('Token name'))).toBe(true);

    await page.keyboard.type('Keyboard bot');
    await create.press('Enter');
    const panel = section.getByRole('group', { name: 'New token "Keyboard bot"' });
    await expect.poll(() => isFocused(panel)).toBe(true);
    await expect.poll(() => liveRegionText(page)).toContain('Your new token "Keyboard bot"');
    // The next Tab goes into the panel, to the secret itself.
    await page.keyboard.press('Tab');
    expect(await isFocused(section.getByRole('textbox', { name: /Copy it now/ }))).toBe(true);
  });

  it('an offer above the stock is announced and focuses the quantity', async () => {
    const listing = await postListingAs(await adminE2eUser(), {
      item: 'Empty Gas Leech',
      type: 'sell',
      quantity: 2,
      silver: 4,
    });
    const page = await openPage(`/listing/${listing.id}`);
    await page.getByRole('button', { name: 'Make an Offer' }).press('Enter');
    const form = page.getByRole('form', { name: 'Make an offer' });
    await form.getByLabel(/Quantity/).fill('5');
    await form.getByLabel('Silver').fill('4');
    await form.getByRole('button', { name: 'Submit Offer' }).press('Enter');
    await expectFocusedError(page, 'input', 'Quantity must be a whole number from 1 to 2');
    await expect.poll(() => liveRegionText(page)).toContain('1 field needs attention.');
    expect(await isFocused(form.getByLabel(/Quantity/))).toBe(true);
  });
});

describe('the listing browser by keyboard', () => {
  it('skips to the results, passes each card in one Tab stop, and reaches its actions by arrow keys', async () => {
    const tag = uniqueTag('cards');
    for (const item of ['Rapier', 'Empty Gas Leech']) {
      await postListingAs(other, { item, type: 'sell', quantity: 2, silver: 5, notes: tag });
    }
    const page = await openPage(`/alllistings?q=${tag}`);
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(2);

    // "Skip to results" is the stop after "Skip to content", shown when focused, and lands on the results.
    await page.keyboard.press('Tab');
    expect((await focusReport(page)).name).toBe('a "Skip to content"');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to results' });
    expect(await isFocused(skip)).toBe(true);
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await isFocused(page.getByRole('region', { name: 'Results' }))).toBe(true);
    expect((await focusReport(page)).covered).toBe(0);

    // Newest first: the Empty Gas Leech, then the Rapier. Past "Save this search", one stop per card.
    const [first, second] = [cards.nth(0), cards.nth(1)];
    const firstTitle = first.getByRole('link', { name: 'Empty Gas Leech', exact: true });
    for (let i = 0; i < 3 && !(await isFocused(firstTitle)); i++) await page.keyboard.press('Tab');
    expect(await isFocused(firstTitle)).toBe(true);
    expect((await focusReport(page)).description).toContain('arrow keys');
    await page.keyboard.press('Tab');
    expect(await isFocused(second.getByRole('link', { name: 'Rapier', exact: true }))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(firstTitle)).toBe(true);

    // Inside the card the arrows move through its links and its actions, wrapping; Home and End jump.
    const actions = first.getByRole('group', { name: 'Actions for Empty Gas Leech' });
    const report = actions.getByRole('button', { name: /^Report/ });
    const offer = actions.getByRole('link', { name: 'Make an offer Empty Gas Leech' });
    const view = actions.getByRole('link', { name: 'View Empty Gas Leech' });
    await page.keyboard.press('End');
    expect(await isFocused(view)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await isFocused(offer)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await isFocused(report)).toBe(true);
    await page.keyboard.press('Home');
    expect(await isFocused(firstTitle)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await isFocused(view)).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await isFocused(firstTitle)).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await isFocused(first.getByRole('link', { name: /^Market prices/ }))).toBe(true);

    // "Make an offer" opens the listing with its offer form open, the first field focused.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/listing\/\d+\?offer=1$/);
    const quantity = page.getByRole('form', { name: 'Make an offer' }).getByLabel(/Quantity/);
    await expect.poll(() => isFocused(quantity)).toBe(true);
  });
});
