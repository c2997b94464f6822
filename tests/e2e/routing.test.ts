import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterAll(() => browser?.close());

describe('route table', () => {
  it.each([
    ['/', '/alllistings'],
    ['/listings', '/alllistings'],
    ['/some/unknown/path', '/alllistings'],
  ])('%s redirects to %s', async (from, to) => {
    await page.goto(`${baseUrl}${from}`);
    await page.waitForURL(`${baseUrl}${to}`);
    expect(new URL(page.url()).pathname).toBe(to);
  });

  it('serves deep links through the history fallback', async () => {
    const res = await page.goto(`${baseUrl}/gettingstarted`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Getting Started' }).isVisible()).resolves.toBe(true);
  });
});
