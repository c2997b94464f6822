import { beforeAll, describe, expect, inject, it } from 'vitest';
import { answerDialog, openLive, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { uniqueTag } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const browser = useBrowserAndAppDatabase();
let trader: TestUser;

beforeAll(async () => {
  trader = await createE2eUser();
});

describe('saved searches', () => {
  it('saves the browser search with a price condition, lists it in My Profile, runs it and deletes it', async () => {
    const tag = uniqueTag('leech');
    const page = await openLive(browser(), trader, `/alllistings?q=${tag}&type=sell`);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByText(`"${tag}" · Sell`).waitFor();
    await dialog.getByLabel('Name').fill('Cheap leeches');
    await dialog.getByRole('checkbox', { name: 'Only when the unit price is at most' }).check();
    await dialog.getByLabel('Silver').fill('5');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Saved "Cheap leeches".').first().waitFor();

    await page.goto(new URL('/myprofile?tab=searches', inject('baseUrl')).href);
    const tab = page.getByRole('tabpanel', { name: 'Saved searches' });
    const item = tab.getByRole('listitem').filter({ hasText: 'Cheap leeches' });
    await item.getByText(`"${tag}" · Sell · at most 5s each`).waitFor();

    await item.getByRole('button', { name: 'Run Cheap leeches' }).click();
    await page.waitForURL((url) => url.pathname === '/alllistings' && url.searchParams.get('q') === tag);
    expect(new URL(page.url()).searchParams.get('type')).toBe('sell');
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(tag);

    await page.goBack();
    await item.getByRole('button', { name: 'Delete Cheap leeches' }).click();
    await answerDialog(page, 'Confirm', 'Delete the saved search "Cheap leeches"?');
    await tab.getByText('You have no saved searches yet.').waitFor();
  });

  it('asks a visitor to log in first', async () => {
    const page = await openLive(browser(), null, '/alllistings?q=ore');
    await page.getByRole('button', { name: 'Save this search' }).click();
    await page.getByRole('dialog', { name: 'Login' }).waitFor();
  });
});
