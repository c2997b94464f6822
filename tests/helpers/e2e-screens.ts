import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestUser } from './factories';

/** A screen to check: its name (for messages and files), the path it opens, and what says it is ready. */
export type Screen = [name: string, path: string, ready: (page: Page) => Promise<void>];

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Opens each screen logged in as `user`, in both themes at 1280 and 390 px, and expects axe to find
 * nothing serious or critical once its animations are done. With SCREENSHOTS=1 each is also saved as
 * screenshots/<name>-<theme>-<width>.png, to be looked at.
 */
export async function expectScreensAccessible(
  browser: Browser,
  user: TestUser,
  screens: Screen[],
): Promise<void> {
  const screenshots = Boolean(process.env.SCREENSHOTS);
  if (screenshots) mkdirSync('screenshots', { recursive: true });
  for (const theme of ['dark', 'light']) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript(
        ([t, jwt]) => {
          localStorage.setItem('theme', t);
          localStorage.setItem('jwtToken', jwt);
        },
        [theme, user.token] as const,
      );
      const page = await context.newPage();
      for (const [name, path, ready] of screens) {
        await page.goto(new URL(path, inject('baseUrl')).href);
        await ready(page);
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${name} ${theme} ${width}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
        if (screenshots) {
          await page.screenshot({ path: `screenshots/${name}-${theme}-${width}.png`, fullPage: true });
        }
      }
      await context.close();
    }
  }
}
