/** "until 3 December 2026" for a suspension with an end, "permanently" for one without. */
export function suspensionEndText(until: string | null): string {
  if (!until) return 'permanently';
  const date = new Date(until);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  return `until ${day}, ${date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
}

/** The suspended player's own view of it: why, and for how long. */
export function suspensionMessage(reason: string | undefined, until: string | null | undefined): string {
  const end = suspensionEndText(until ?? null);
  return reason ? `Your account is suspended ${end}. Reason: ${reason}` : `Your account is suspended ${end}.`;
}
