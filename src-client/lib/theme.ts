import { create } from 'zustand';
import { stored } from './stored';

export type Theme = 'dark' | 'light';

/**
 * Where the choice is remembered. public/theme.js, loaded by index.html before the first paint, reads
 * the same key so a light-theme visitor never sees a dark flash; keep the two in step.
 */
export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'dark';

function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}

function storedTheme(): Theme {
  const value = stored.get(THEME_STORAGE_KEY);
  return isTheme(value) ? value : DEFAULT_THEME;
}

function currentTheme(): Theme {
  if (typeof document === 'undefined') return DEFAULT_THEME;
  const applied = document.documentElement.dataset.theme;
  return isTheme(applied) ? applied : storedTheme();
}

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
  toggle(): void;
}

export const useTheme = create<ThemeState>((set, get) => ({
  theme: currentTheme(),
  setTheme(theme) {
    document.documentElement.dataset.theme = theme;
    // Where storage is refused, the theme still applies for this visit.
    stored.set(THEME_STORAGE_KEY, theme);
    set({ theme });
  },
  toggle() {
    get().setTheme(get().theme === 'dark' ? 'light' : 'dark');
  },
}));

/**
 * The store follows html[data-theme] whoever writes it (the switch above, or a script setting the attribute
 * directly), so what copies the theme's colours out of CSS, such as chart canvases, redraws with it.
 */
if (typeof document !== 'undefined' && typeof MutationObserver !== 'undefined') {
  new MutationObserver(() => {
    const applied = document.documentElement.dataset.theme;
    if (isTheme(applied) && applied !== useTheme.getState().theme) useTheme.setState({ theme: applied });
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}
