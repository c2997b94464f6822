import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, sharedBrowser } from '../helpers/browser';
import { linkIn, waitForMail } from '../helpers/mailbox';

const baseUrl = inject('baseUrl');
const mailUrl = inject('mailUrl');
const discordStubUrl = inject('discordStubUrl');
const run = Date.now().toString(36);
const discordUser = { id: `77${Date.now()}`, username: `rowan_${run}`, global_name: 'Rowan', avatar: null };

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await sharedBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
afterAll(() => browser && closeContexts(browser));

/** Who the stand-in's authorize page "logs in" next, as if the player had signed in at Discord. */
async function signedInAtDiscord(user: typeof discordUser) {
  const res = await fetch(`${discordStubUrl}/__stub/user`, { method: 'POST', body: JSON.stringify(user) });
  expect(res.status).toBe(204);
}

describe('Discord sign-in in the browser', () => {
  it('logs in with Discord through the popup, then links an email from Settings', async () => {
    await signedInAtDiscord(discordUser);
    await page.goto(`${baseUrl}/alllistings`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).click();
    const popup = page.getByRole('dialog', { name: 'Login' });
    await popup.getByRole('tab', { name: 'Discord' }).click();
    await popup.getByRole('button', { name: 'Continue with Discord' }).click();

    // Discord's authorize page sends the browser back through the callback to the token landing page.
    await page.waitForURL(/\/auth-success\?ticket=/);
    await page.waitForURL(`${baseUrl}/alllistings`);
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    expect(token?.split('.')).toHaveLength(3);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByText(/^Welcome, /).waitFor();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close menu' }).click();

    await page.goto(`${baseUrl}/myprofile?tab=settings`);
    const linking = page.getByRole('region', { name: 'Account Linking' });
    await linking.getByText(discordUser.username).waitFor();
    await linking.getByRole('button', { name: 'Link Email' }).click();
    const email = `rowan.${run}@example.test`;
    const form = linking.getByRole('form', { name: 'Link email' });
    await form.getByLabel('Email to link').fill(email);
    await form.getByLabel('Password for email login').fill('lantern-oil-9');
    await form.getByLabel('Confirm password').fill('lantern-oil-9');
    await form.getByRole('button', { name: 'Link Email' }).click();
    await linking.getByText('Email linked successfully!').waitFor();

    // The new address is verified from the mail, after which it signs in with a password too.
    await page.goto(linkIn(await waitForMail(mailUrl, email), '/api/auth/verify-email'));
    await page.waitForURL(/\/verify-email\?status=success/);
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'lantern-oil-9' }),
    });
    expect(login.status).toBe(200);
  });

  it('comes back to the listings with a clear message when the player cancels at Discord', async () => {
    await page.evaluate(() => localStorage.clear());
    await signedInAtDiscord(null as unknown as typeof discordUser);
    await page.goto(`${baseUrl}/api/auth/discord`);
    await page.getByText('Discord login was cancelled.').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('jwtToken'))).resolves.toBeNull();
  });
});
