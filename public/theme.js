/* global document, localStorage */
// Loaded (not inline, for the CSP) before the first paint so a remembered light theme never flashes
// dark. The storage key is THEME_STORAGE_KEY in src-client/lib/theme.ts: keep the two in step.
try {
  const saved = localStorage.getItem('theme');
  if (saved === 'light' || saved === 'dark') document.documentElement.dataset.theme = saved;
} catch {
  // Storage blocked (private mode, cookies off): the default theme stays.
}
