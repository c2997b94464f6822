import { useTheme } from '../../lib/theme';

/** A switch: on is the dark theme, the default. */
export function ThemeToggle() {
  const theme = useTheme((s) => s.theme);
  const toggle = useTheme((s) => s.toggle);
  const dark = theme === 'dark';
  return (
    <button type="button" role="switch" aria-checked={dark} className="theme-toggle" onClick={toggle}>
      <span className="theme-toggle-label">Dark mode</span>
      <span className="theme-toggle-track" aria-hidden="true">
        <span className="theme-toggle-thumb">{dark ? '☾' : '☀'}</span>
      </span>
    </button>
  );
}
