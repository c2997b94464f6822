import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PageviewEvent } from '../../src-client/lib/analytics';
import { closeContexts, sharedBrowser } from '../helpers/browser';

const baseUrl = inject('baseUrl');
const analyticsUrl = inject('analyticsUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await sharedBrowser();
  // A context of its own (not browser.newPage()'s), so the analytics test can open a tab beside it.
  page = await (await browser.newContext()).newPage();
});
afterAll(() => browser && closeContexts(browser));

describe('route table', () => {
  it.each([
    ['/', '/alllistings'],
    ['/listings', '/alllistings'],
    ['/mylistings', '/myprofile'],
    ['/some/unknown/path', '/alllistings'],
    ['/alllistings/extra', '/alllistings'],
  ])('%s redirects to %s', async (from, to) => {
    await page.goto(`${baseUrl}${from}`);
    await page.waitForURL(`${baseUrl}${to}`);
    expect(new URL(page.url()).pathname).toBe(to);
  });

  it('serves deep links through the history fallback', async () => {
    const res = await page.goto(`${baseUrl}/gettingstarted`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Getting Started' }).waitFor();
  });

  it('shows the placeholder /test page', async () => {
    await page.goto(`${baseUrl}/test`);
    await page.getByRole('heading', { level: 1, name: 'Test' }).waitFor();
    await expect(page.getByText('This is a test page.').isVisible()).resolves.toBe(true);
  });
});

describe('scroll positions', () => {
  it('a page opened by its URL opens at its top, and Back returns to where the last one was left', async () => {
    await page.setViewportSize({ width: 800, height: 300 });
    const gettingStarted = `${baseUrl}/gettingstarted`;
    await page.goto(gettingStarted);
    await page.getByRole('heading', { level: 1, name: 'Getting Started' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

    // The same long page again, as a new document in the same tab: not where the last one was left.
    await page.goto(`${gettingStarted}?again=1`);
    await page.getByRole('heading', { level: 1, name: 'Getting Started' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.waitForURL(gettingStarted);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    await page.setViewportSize({ width: 1280, height: 720 });
  });
});

describe('getting started', () => {
  it('walks through five steps and links to the community, wiki, bot, game and news sites', async () => {
    await page.goto(`${baseUrl}/gettingstarted`);
    await page.getByRole('heading', { level: 1, name: 'Getting Started' }).waitFor();
    const steps = page.getByRole('main').getByRole('list').first().getByRole('heading', { level: 2 });
    await expect(steps.allTextContents()).resolves.toEqual([
      'Step 1: Browse listings',
      'Step 2: Log in',
      'Step 3: Post a listing',
      'Step 4: Manage your trades',
      'Step 5: Get help',
    ]);
    const helpful = page.getByRole('region', { name: 'Helpful links' }).getByRole('link');
    const hrefs = await helpful.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs).toHaveLength(6);
    expect(hrefs).toContain('https://brightershoreswiki.org/');
    expect(hrefs).toContain('https://www.brightershores.com/');
  });
});

describe('page titles and descriptions', () => {
  it.each([
    ['/alllistings', 'All Listings'],
    ['/market', 'Market'],
    ['/gettingstarted', 'Getting Started'],
    ['/register', 'Create Account'],
    ['/login', 'Sign In'],
    ['/post', 'Post Listing'],
    ['/reset-password', 'Reset Password'],
    ['/test', 'Test'],
  ])('%s is titled "%s | Brighter Shores Market"', async (path, title) => {
    await page.goto(`${baseUrl}${path}`);
    await page.waitForFunction((t) => document.title === t, `${title} | Brighter Shores Market`);
  });

  it('describes each route family in the description meta', async () => {
    await page.goto(`${baseUrl}/gettingstarted`);
    await page.waitForFunction(() => document.title.startsWith('Getting Started'));
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toMatch(/five steps/);
  });
});

/** This file's browser, told apart from the other files' browsers sending to the same collector. */
const USER_AGENT = `routing-e2e-${process.pid}`;

async function collected(): Promise<PageviewEvent[]> {
  const res = await fetch(new URL('/events', analyticsUrl));
  const events = (await res.json()) as Array<PageviewEvent & { userAgent: string | null }>;
  return events.filter((event) => event.userAgent === USER_AGENT);
}

describe('analytics', () => {
  it('sends a pageview to ANALYTICS_URL on the first load and on every route change, without the query', async () => {
    const context = await browser.newContext({ userAgent: USER_AGENT });
    const tab = await context.newPage();
    await tab.goto(`${baseUrl}/reset-password?token=secret-token`, { referer: 'https://example.test/forum' });
    await expect.poll(collected).toHaveLength(1);

    await tab.getByRole('button', { name: 'Open menu' }).click();
    await tab.getByRole('link', { name: 'Getting Started' }).click();
    await expect.poll(collected).toHaveLength(2);
    await tab.getByRole('link', { name: 'Browse All Listings' }).click();
    await expect.poll(collected).toHaveLength(3);

    const events = await collected();
    expect(events).toMatchObject([
      {
        type: 'pageview',
        path: '/reset-password',
        title: 'Reset Password | Brighter Shores Market',
        referrer: expect.stringContaining('https://example.test/'),
      },
      { type: 'pageview', path: '/gettingstarted', referrer: `${baseUrl}/reset-password` },
      { type: 'pageview', path: '/alllistings', title: 'All Listings | Brighter Shores Market' },
    ]);
    expect(JSON.stringify(events)).not.toContain('secret-token');
    for (const event of events) expect(Number.isNaN(Date.parse(event.at))).toBe(false);
    await context.close();
  });

  it('sends nothing when no analytics URL is configured', async () => {
    // A tab in the route table's context, none set up for it, with requests of its own to route and watch.
    const tab = await page.context().newPage();
    // The server's own answer with the analytics URL taken out.
    await tab.route('**/api/client-config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), analyticsUrl: null } });
    });
    const sent: string[] = [];
    tab.on('request', (req) => {
      if (req.url().startsWith(new URL(analyticsUrl).origin)) sent.push(req.url());
    });
    const config = tab.waitForResponse('**/api/client-config');
    await tab.goto(`${baseUrl}/gettingstarted`);
    await config;
    await tab.getByRole('link', { name: 'Browse All Listings' }).click();
    await tab.waitForFunction(() => document.title.startsWith('All Listings'));
    await tab.getByRole('button', { name: 'Open menu' }).click();
    await tab.getByRole('link', { name: 'Getting Started' }).click();
    await tab.waitForFunction(() => document.title.startsWith('Getting Started'));
    expect(sent).toEqual([]);
    await tab.close();
  });
});
