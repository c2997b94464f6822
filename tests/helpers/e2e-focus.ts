import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/* What a screen reader relies on after a key press: where focus is, and what describes it. */

export interface FocusReport {
  /** A short name for the focused element, for failure messages. */
  name: string;
  onBody: boolean;
  /** Pixels of the focused element hidden under the sticky top bar (0 when clear). */
  covered: number;
  invalid: string | null;
  /** The text of the elements aria-describedby points at. */
  description: string;
}

/** Where focus is, read in the page (its source is also installed there by e2e-tab-walk.ts). */
export function readFocus(): FocusReport {
  const el = document.activeElement as HTMLElement | null;
  const bar = document.querySelector('.topbar')!.getBoundingClientRect();
  if (!el || el === document.body)
    return { name: 'body', onBody: true, covered: 0, invalid: null, description: '' };
  // Controls in the bar itself, or in layers above it (menu, dialogs), cannot be covered by it.
  const above = el.closest('.topbar, .skip-link, .sidebar, [aria-modal="true"], .toasts');
  const box = el.getBoundingClientRect();
  const covered = above ? 0 : Math.max(0, Math.min(bar.bottom, box.bottom) - Math.max(bar.top, box.top));
  const description = (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `#${id} missing`)
    .join(' | ');
  const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
  return {
    name: `${el.tagName.toLowerCase()} "${label}"`,
    onBody: false,
    covered: Math.round(covered),
    invalid: el.getAttribute('aria-invalid'),
    description,
  };
}

export function focusReport(page: Page): Promise<FocusReport> {
  return page.evaluate(readFocus);
}

/** The focused field is marked invalid and its description says `message`. */
export async function expectFocusedError(page: Page, name: string, message: string): Promise<void> {
  await expect.poll(async () => (await focusReport(page)).description).toContain(message);
  const report = await focusReport(page);
  expect(report.name).toContain(name);
  expect(report.invalid).toBe('true');
}

/** What the shell's polite live region holds now. */
export const liveRegionText = (page: Page) =>
  page.evaluate(() => document.querySelector('body > [aria-live="polite"]')?.textContent ?? null);
