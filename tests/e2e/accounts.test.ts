import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, sharedBrowser } from '../helpers/browser';
import { linkIn, waitForMail } from '../helpers/mailbox';

const baseUrl = inject('baseUrl');
const mailUrl = inject('mailUrl');
const run = Date.now().toString(36);
const account = { username: `Walker${run}`, email: `walker.${run}@example.test`, password: 'trail-mix-42' };

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await sharedBrowser();
  page = await browser.newPage({ viewport: { width: 390, height: 844 } });
});
afterAll(() => browser && closeContexts(browser));

async function openLoginPopup() {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).click();
  return page.getByRole('dialog', { name: 'Login' });
}

async function register(details: typeof account) {
  await page.goto(`${baseUrl}/register`);
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel('Username').fill(details.username);
  await page.getByRole('textbox', { name: 'Email' }).fill(details.email);
  await page.getByLabel('Password', { exact: true }).fill(details.password);
  await page.getByLabel('Confirm password').fill(details.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
}

describe('accounts in the browser', () => {
  it('shows field errors that clear when the field is edited', async () => {
    await page.goto(`${baseUrl}/register`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Username').fill('ab');
    await expect(page.getByText('Username is required').count()).resolves.toBe(0);
    await expect(page.getByText('Email is required').isVisible()).resolves.toBe(true);
    await page.getByRole('textbox', { name: 'Email' }).fill('someone@example.test');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();
  });

  it('registers, verifies the email from the mail, logs in through the popup, renames, and logs out', async () => {
    await register(account);
    await page.waitForURL(/\/login\?message=/);
    await page.getByText(/Registration successful!/).waitFor();
    // Focus lands on the message the player came for, with a visible ring.
    const message = page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: 'Registration successful!' });
    await expect.poll(() => message.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await message.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

    const link = linkIn(await waitForMail(mailUrl, account.email), '/api/auth/verify-email');
    await page.goto(link);
    await page.waitForURL(/\/verify-email\?status=success/);
    await page
      .getByText('Email verified successfully! You can now log in with your email and password.')
      .waitFor();
    await page.getByRole('button', { name: 'Continue to Login' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    // The address just registered is filled in, and focus waits in the password, the one field left.
    const password = page.getByRole('main').getByLabel('Password');
    expect(await page.getByRole('main').getByRole('textbox', { name: 'Email' }).inputValue()).toBe(
      account.email,
    );
    await expect.poll(() => password.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.goto(`${baseUrl}/alllistings`);
    const popup = await openLoginPopup();
    await popup.getByRole('tab', { name: 'Email' }).click();
    await popup.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await popup.getByLabel('Password').fill(account.password);
    await Promise.all([page.waitForEvent('load'), popup.getByRole('button', { name: 'Sign In' }).click()]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByText(`Welcome, ${account.username}`).waitFor();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close menu' }).click();

    await page.goto(`${baseUrl}/myprofile?tab=settings`);
    const renamed = `Ranger${run}`;
    const displayName = page.getByRole('region', { name: 'Display Name' });
    await displayName.getByRole('button', { name: 'Edit' }).click();
    await displayName.getByLabel('Display name').fill(`  ${renamed}  `);
    await displayName.getByRole('button', { name: 'Save' }).click();
    await displayName.getByText('Display name updated.').waitFor();
    await expect(displayName.getByText(renamed, { exact: true }).isVisible()).resolves.toBe(true);
    const stored = await page.evaluate(() => localStorage.getItem('jwtToken') ?? '');
    expect(JSON.parse(atob(stored.split('.')[1])).username).toBe(renamed);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByText(`Welcome, ${renamed}`).waitFor();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('jwtToken'))).resolves.toBeNull();
    // Logging out forgets the address too: the next person at this computer starts with an empty form.
    await page.goto(`${baseUrl}/login`);
    expect(await page.getByRole('main').getByRole('textbox', { name: 'Email' }).inputValue()).toBe('');
  });

  it('offers to resend the verification email when logging in before verifying', async () => {
    const unverified = {
      username: `Sleepy${run}`,
      email: `sleepy.${run}@example.test`,
      password: 'zzz-zzz-zzz',
    };
    await register(unverified);
    await page.goto(`${baseUrl}/alllistings`);
    const popup = await openLoginPopup();
    await popup.getByRole('tab', { name: 'Email' }).click();
    await popup.getByRole('textbox', { name: 'Email' }).fill(unverified.email);
    await popup.getByLabel('Password').fill(unverified.password);
    await popup.getByRole('button', { name: 'Sign In' }).click();
    const panel = page.getByRole('dialog', { name: 'Email not verified' });
    await panel.getByText('Please verify your email address before logging in.').waitFor();
    await panel.getByRole('button', { name: 'Resend verification email' }).click();
    await panel.getByText('Verification email sent!').waitFor();
    await waitForMail(mailUrl, unverified.email, 2);
    await panel.getByRole('button', { name: 'Back to login' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(
      login.getByRole('textbox', { name: 'Email' }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });
  });

  it('asks for a reset link from the popup and sets a new password from the mailed page', async () => {
    await page.goto(`${baseUrl}/alllistings`);
    const popup = await openLoginPopup();
    await popup.getByRole('tab', { name: 'Email' }).click();
    await popup.getByRole('button', { name: 'Forgot your password?' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await reset.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await reset.getByRole('button', { name: 'Send Reset Link' }).click();
    await reset.getByText(/a password reset link has been sent/).waitFor();
    await page.getByRole('dialog', { name: 'Login' }).waitFor({ timeout: 8000 });
    await page.keyboard.press('Escape');

    await page.goto(linkIn(await waitForMail(mailUrl, account.email, 2), '/reset-password'));
    await page.getByLabel('New password', { exact: true }).fill('fresh-start-99');
    await page.getByLabel('Confirm new password').fill('fresh-start-99');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(/Your password has been reset/).waitFor();
    await page.waitForURL(`${baseUrl}/alllistings`);
  });
});
