/** "Nov 26, 2026": a past day as the trades and feedback lists show it, in the reader's time zone. */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
