import { beforeAll, describe, expect, inject, it } from 'vitest';
import { answerDialog, openLive, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import type { TestUser } from '../helpers/factories';

const baseUrl = inject('baseUrl');
const browser = useBrowserAndAppDatabase();
let trader: TestUser;

beforeAll(async () => {
  trader = await createE2eUser();
});

const me = (token: string) =>
  fetch(`${baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });

describe('Settings → API tokens', () => {
  it('creates a token shown once, lists it with its scopes and last use, and revokes it', async () => {
    const page = await openLive(browser(), trader, '/myprofile?tab=settings');
    const section = page.getByRole('region', { name: 'API tokens' });
    await section.getByText('You have no API tokens.').waitFor();

    await section.getByLabel('Token name').fill('Price bot');
    await section.getByRole('checkbox', { name: 'trade' }).check();
    await section.getByRole('button', { name: 'Create token' }).click();
    const secretBox = section.getByLabel(/Copy it now: it will not be shown again/);
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^bsm_pat_/);

    // The token works for a bot at once, and is never shown again.
    expect(((await (await me(secret)).json()) as { username: string }).username).toBe(trader.username);
    await page.reload();
    const list = page.getByRole('list', { name: 'Your API tokens' });
    await list.getByText('Price bot').waitFor();
    await expect.poll(() => list.textContent()).toMatch(/read, trade · created .+ · last used (?!Never)/);
    expect(await page.content()).not.toContain(secret);

    await list.getByRole('button', { name: 'Revoke Price bot' }).click();
    await answerDialog(page, 'Revoke token', 'Revoke "Price bot"?');
    await section.getByText('You have no API tokens.').waitFor();
    expect((await me(secret)).status).toBe(401);
  });

  it('needs a scope before it creates anything', async () => {
    const page = await openLive(browser(), trader, '/myprofile?tab=settings');
    const section = page.getByRole('region', { name: 'API tokens' });
    await section.getByLabel('Token name').fill('No scope');
    await section.getByRole('checkbox', { name: 'read' }).uncheck();
    await section.getByRole('button', { name: 'Create token' }).click();
    await section.getByRole('alert').filter({ hasText: 'Choose at least one scope' }).waitFor();
  });
});
