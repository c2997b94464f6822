import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { projectRoot } from '../../src-server/lib/project-root';
import { useBrowserAndAppDatabase } from '../helpers/e2e-pages';

const baseUrl = inject('baseUrl');
const browser = useBrowserAndAppDatabase();

async function open(path: string, width = 1280): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  return page;
}

/** The code blocks of the guide as shown, one string each. */
const codeBlocks = (page: Page) => page.locator('pre code').allTextContents();
const botSource = (file: string) => readFileSync(path.join(projectRoot, 'scripts/examples', file), 'utf8');

describe('the Build a Bot guide', () => {
  it('is linked from Getting Started and shows the TypeScript bot, or the Python one when asked', async () => {
    const page = await open('/gettingstarted');
    await page
      .getByRole('region', { name: 'Trade from code' })
      .getByRole('link', { name: 'Build a Bot' })
      .click();
    await page.waitForURL(`${baseUrl}/guides/build-a-bot`);
    await page.getByRole('heading', { level: 1, name: 'Build a Bot' }).waitFor();
    await page.waitForFunction(() => document.title === 'Build a Bot | Brighter Shores Market');

    const sections = [
      'Step 1: Create a personal token',
      'Step 2: Generate a client',
      'Prices are copper',
      'Step 3: Find the item on the market',
      'Step 4: Watch it live',
      'Step 5: Make an offer',
      'Step 6: Keep up with what happens',
      'Step 7: Run it',
    ];
    const headings = page.getByRole('heading', { level: 2 });
    expect(await headings.count()).toBe(sections.length);
    // In this order, by their accessible names (the number's badge is hidden from them).
    for (const [index, name] of sections.entries()) {
      expect(
        await headings
          .nth(index)
          .and(page.getByRole('heading', { name, exact: true }))
          .count(),
      ).toBe(1);
    }
    expect(await page.getByRole('radio', { name: 'TypeScript' }).isChecked()).toBe(true);
    const typescript = await codeBlocks(page);
    expect(typescript.join('\n')).toContain(`npx openapi-typescript ${baseUrl}/api/openapi.json`);
    // Each excerpt is the example bot's own code, line for line.
    const tsBot = botSource('realtime-bot.ts');
    for (const line of typescript[1].split('\n')) expect(tsBot).toContain(line);
    expect(typescript.join('\n')).toContain("api.POST('/api/offers'");

    await page.getByRole('radio', { name: 'Python' }).check();
    await expect
      .poll(async () => (await codeBlocks(page)).join('\n'))
      .toContain('post_api_offers.sync_detailed(');
    const python = await codeBlocks(page);
    expect(python.join('\n')).toContain(`openapi-python-client generate --url ${baseUrl}/api/openapi.json`);
    const pyBot = botSource('python_bot.py');
    for (const line of python[1].split('\n')) expect(pyBot).toContain(line);
    expect(python.join('\n')).not.toContain('createClient');
    await page.context().close();
  });

  it('sends the reader to Settings for a token', async () => {
    const page = await open('/guides/build-a-bot');
    await page.getByRole('link', { name: 'My Profile → Settings → API tokens' }).click();
    await page.waitForURL(`${baseUrl}/myprofile?tab=settings`);
    await page.context().close();
  });

  it('is linked from the API reference at /api/docs', async () => {
    const page = await open('/api/docs');
    const link = page.getByRole('link', { name: 'Build a Bot' }).first();
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/guides/build-a-bot');
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Build a Bot' }).waitFor();
    await page.context().close();
  });

  it('fits a phone: no part of the page scrolls sideways but the code blocks', async () => {
    const page = await open('/guides/build-a-bot', 390);
    await page.getByRole('heading', { level: 1, name: 'Build a Bot' }).waitFor();
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
