import { mkdirSync } from 'node:fs';
import axe from 'axe-core';
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/**
 * A screen to check: its name (for messages and files), the path it opens, what says it is ready and,
 * when another test already checks it at some widths, the only widths to check it at (both when left out).
 */
export type Screen = [
  name: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  widths?: readonly number[],
];

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/**
 * The rules a theme can change: a theme is a set of colours on html[data-theme] (global.css), so the
 * page's structure, names and roles are the same in both and are checked once.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical violations axe finds on the page as it is, one line each. axe-core runs in the
 * page itself, loaded once per document: the app has no frames, so none of @axe-core/playwright's
 * per-frame runs (and the blank page it opens to merge them) is needed.
 */
async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // As source text: Playwright evaluates it outside the page's content security policy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const runOnly: axe.RunOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: AXE_TAGS };
  return page.evaluate(
    async (options) => {
      const { violations } = await window.axe.run(document, options);
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
        );
    },
    { runOnly, resultTypes: ['violations'] } satisfies axe.RunOptions,
  );
}

/**
 * Expects axe to find nothing serious or critical on the page as it stands, in the dark theme (every
 * rule) and then in the light one (the colour rules), switched in place as the theme switch does;
 * it is left dark. Each violation names `label` and the theme.
 */
export async function expectAccessibleInBothThemes(page: Page, label: string): Promise<void> {
  const setTheme = (theme: string) =>
    page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
  await setTheme('dark');
  const dark = await seriousViolations(page);
  await setTheme('light');
  const light = await seriousViolations(page, COLOUR_RULES);
  await setTheme('dark');
  expect([...dark.map((v) => `${label} dark: ${v}`), ...light.map((v) => `${label} light: ${v}`)]).toEqual(
    [],
  );
}

/**
 * Opens each screen in `page` (a player's, logged in: `useSharedPages`) at 1280 and 390 px, each a new
 * document, and expects axe to find nothing serious or critical in either theme once its animations are
 * done; the page is given back at its size. With SCREENSHOTS=1 each is also saved as
 * screenshots/<name>-<theme>-<width>.png, to be looked at.
 */
export async function expectScreensAccessible(page: Page, screens: Screen[]): Promise<void> {
  const screenshots = Boolean(process.env.SCREENSHOTS);
  if (screenshots) mkdirSync('screenshots', { recursive: true });
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    const atWidth = screens.filter(([, , , widths]) => !widths || widths.includes(width));
    if (atWidth.length === 0) continue;
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path, ready] of atWidth) {
      await page.goto(new URL(path, inject('baseUrl')).href);
      await ready(page);
      await expectAccessibleInBothThemes(page, `${name} ${width}`);
      if (screenshots) {
        for (const theme of ['dark', 'light']) {
          await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
          await page.screenshot({ path: `screenshots/${name}-${theme}-${width}.png`, fullPage: true });
        }
      }
    }
  }
  if (size) await page.setViewportSize(size);
}
