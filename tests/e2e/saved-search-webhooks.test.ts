import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SavedSearch } from '../../src-common/schemas/saved-search';
import { useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser, openLoggedIn } from '../helpers/e2e-session';
import { uniqueTag } from '../helpers/e2e-users';
import { expectScreensAccessible } from '../helpers/e2e-screens';
import { useSharedPages } from '../helpers/e2e-shared-pages';
import type { TestUser } from '../helpers/factories';

const browser = useBrowserAndAppDatabase();
const pages = useSharedPages(browser);
const baseUrl = inject('baseUrl');
/** The app's Discord stand-in, whose webhooks the app accepts (DISCORD_WEBHOOK_HOSTS names it). */
const discord = inject('discordStubUrl');
let trader: TestUser;

beforeAll(async () => {
  trader = await createE2eUser();
});

async function saveSearch(name: string): Promise<SavedSearch> {
  const res = await fetch(`${baseUrl}/api/saved-searches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${trader.token}` },
    body: JSON.stringify({ name, filters: { q: uniqueTag('cod') } }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as SavedSearch;
}

const postsTo = async (webhookId: string) =>
  ((await (await fetch(`${discord}/__stub/webhooks/${webhookId}`)).json()) as unknown[]).length;

/** Closes a toast (they sit over the bottom right of the page, where the last search's buttons are). */
async function closeToast(page: Page, message: string) {
  await page.getByRole('button', { name: `Close: ${message}` }).click();
}

async function openSearches(page: Page) {
  await openLoggedIn(page, trader, '/myprofile?tab=searches');
  return page.getByRole('tabpanel', { name: 'Saved searches' });
}

describe('saved search Discord webhooks', () => {
  it('sets a webhook (refusing a URL that is not one), shows it masked, sends a test and removes it', async () => {
    const search = await saveSearch('Cod alerts');
    const webhookId = String(Date.now());
    const token = 'e2e-token-abcd';
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const tab = await openSearches(page);
    const item = tab.getByRole('listitem').filter({ hasText: search.name });

    await item.getByRole('button', { name: `Add webhook ${search.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Discord webhook' });
    await dialog.getByLabel('Webhook URL').fill('https://example.com/hook');
    await dialog.getByRole('button', { name: 'Save webhook' }).click();
    await dialog.getByRole('alert').getByText('Give a Discord webhook URL').waitFor();
    await dialog.getByLabel('Webhook URL').fill(`${discord}/api/webhooks/${webhookId}/${token}`);
    await dialog.getByRole('button', { name: 'Save webhook' }).click();
    await dialog.waitFor({ state: 'detached' });
    await closeToast(page, `New listings for "${search.name}" will be posted to Discord.`);

    await item.getByText(`${discord}/api/webhooks/${webhookId.slice(0, 3)}…/…abcd`).waitFor();
    await item.getByText('Posting').waitFor();
    expect(await item.textContent()).not.toContain(token);

    await item.getByRole('button', { name: `Send test ${search.name}` }).click();
    await closeToast(page, `Test post sent to the Discord webhook of "${search.name}".`);
    expect(await postsTo(webhookId)).toBe(1);

    await item.getByRole('button', { name: `Webhook ${search.name}` }).click();
    await dialog.getByRole('button', { name: 'Remove webhook' }).click();
    await dialog.waitFor({ state: 'detached' });
    await item.getByRole('button', { name: `Add webhook ${search.name}` }).waitFor();
    expect(await item.getByRole('button', { name: `Send test ${search.name}` }).count()).toBe(0);
    await context.close();
  });

  it('shows a webhook Discord refused as off, with the reason, after Send test', async () => {
    const search = await saveSearch('Gone hook');
    const webhookId = String(Date.now() + 1);
    await fetch(`${baseUrl}/api/saved-searches/${search.id}/webhook`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${trader.token}` },
      body: JSON.stringify({ webhookUrl: `${discord}/api/webhooks/${webhookId}/tok-gone` }),
    });
    await fetch(`${discord}/__stub/webhooks/${webhookId}/script`, {
      method: 'POST',
      body: JSON.stringify([{ status: 404 }]),
    });
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const tab = await openSearches(page);
    const item = tab.getByRole('listitem').filter({ hasText: search.name });
    await item.getByRole('button', { name: `Send test ${search.name}` }).click();
    await page.getByText('The webhook was turned off').first().waitFor();
    await item.getByText('Off', { exact: true }).waitFor();
    await item.getByText('Discord no longer knows the webhook (404)').waitFor();
    await context.close();
  });

  it('the saved searches with webhooks and the webhook dialog pass axe in both themes', async () => {
    const list = (page: Page) => page.getByRole('tabpanel', { name: 'Saved searches' });
    await expectScreensAccessible(await pages.device(trader), [
      ['webhooks', '/myprofile?tab=searches', (page) => list(page).getByText('Gone hook').first().waitFor()],
      [
        'webhooks-dialog',
        '/myprofile?tab=searches',
        async (page) => {
          await list(page)
            .getByRole('button', { name: /^(Add webhook|Webhook) Gone hook/ })
            .first()
            .click();
          await page.getByRole('dialog', { name: 'Discord webhook' }).waitFor();
        },
      ],
    ]);
  });
});
