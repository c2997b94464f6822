import type { Page } from 'playwright-core';
import { focusReport, readFocus, type FocusReport } from './e2e-focus';

/** Key presses sent between two reads of the page: a walk is hundreds of stops. */
const BATCH = 12;
const MAX_STOPS = 200;

declare global {
  interface Window {
    /** Where focus was as each Tab went down: the stop the previous press led to. */
    tabWalkStops?: FocusReport[];
    readFocus?: () => FocusReport;
  }
}

/**
 * Presses `key` (Tab from the top of the page, Shift+Tab from its end) until focus has gone round the page
 * and returns each stop where the sticky top bar covers the focused control. The page notes every stop
 * itself, as the next Tab goes down (after the browser has scrolled the control into view), so the keys
 * are sent in batches instead of one read of the page after each.
 */
export async function coveredStops(page: Page, key: 'Tab' | 'Shift+Tab'): Promise<string[]> {
  // As source text: Playwright evaluates it outside the page's content security policy.
  await page.evaluate(`window.readFocus = ${readFocus.toString()}`);
  await page.evaluate(() => {
    if (!window.tabWalkStops)
      addEventListener(
        'keydown',
        (event) => {
          if (event.key === 'Tab') window.tabWalkStops!.push(window.readFocus!());
        },
        { capture: true },
      );
    window.tabWalkStops = [];
  });
  const covered: string[] = [];
  let stops = 0;
  while (stops < MAX_STOPS) {
    for (let i = 0; i < BATCH; i++) await page.keyboard.press(key);
    const [, ...noted] = await page.evaluate(() => window.tabWalkStops!.splice(0));
    // The stops these presses led to: each one noted as the next key went down, then where focus is now.
    for (const report of [...noted, await focusReport(page)]) {
      if (report.covered > 0) covered.push(`${key} ${report.name}: ${report.covered}px`);
      const atTop = report.name === 'a "Skip to content"';
      if ((key === 'Shift+Tab' && atTop) || (key === 'Tab' && (report.onBody || (atTop && stops > 0))))
        return covered;
      stops += 1;
    }
  }
  throw new Error(`${key} never went round the page`);
}

/**
 * Puts focus after the page's last control, where Tab past it would leave it, so that the next Shift+Tab
 * walks the page from its end: a walk's last batch may have gone a few stops round again. The marker is an
 * empty element that takes focus but no Tab stop.
 */
export function focusAfterLastControl(page: Page): Promise<void> {
  return page.evaluate(() => {
    const marker = document.createElement('span');
    marker.tabIndex = -1;
    document.body.append(marker);
    marker.focus({ preventScroll: true });
  });
}
