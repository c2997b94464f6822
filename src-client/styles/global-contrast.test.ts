import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./global.css', import.meta.url), 'utf8');

/** The custom properties a theme block sets, e.g. html[data-theme='light'] { --bg: #f4f6f9; ... }. */
function themeColours(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2]]));
}

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const THEMES = {
  dark: themeColours("html[data-theme='dark']"),
  light: themeColours("html[data-theme='light']"),
};

describe('input borders (WCAG 1.4.11: 3:1 for the edges of controls)', () => {
  it('inputs, selects and dropdown buttons draw their edge with --input-border', () => {
    const rule = css.slice(css.indexOf('.input,\n.select {'));
    expect(rule.slice(0, rule.indexOf('}'))).toContain('border: 1px solid var(--input-border);');
  });

  for (const [theme, colours] of Object.entries(THEMES)) {
    for (const background of ['--surface', '--surface-2', '--bg']) {
      it(`${theme} theme: --input-border against ${background} is at least 3:1`, () => {
        expect(contrast(colours['--input-border'], colours[background])).toBeGreaterThanOrEqual(3);
      });
    }
  }

  it('measures --border-strong, the border inputs had before, below 3:1 (the check can fail)', () => {
    expect(contrast(THEMES.dark['--border-strong'], THEMES.dark['--surface'])).toBeCloseTo(2.26, 2);
    expect(contrast(THEMES.light['--border-strong'], THEMES.light['--surface'])).toBeCloseTo(2.47, 2);
  });
});
