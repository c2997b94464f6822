import type { Reputation } from '../../src-common/schemas/reputation';

/** "1 min", "12 min", "3 h", "2 days": a response time as a trader would say it (under a minute is "1 min"). */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(seconds / 3600);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(seconds / 86_400);
  return `${days} day${days === 1 ? '' : 's'}`;
}

export const formatRate = (rate: number) => `${Math.round(rate * 100)}%`;

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/** The detail page's compact line: "31 trades · answers 94% · usually within 12 min" (parts it has). */
export function trustLine(reputation: Reputation): string {
  const parts = [plural(reputation.trades, 'trade')];
  if (reputation.answerRate !== null) parts.push(`answers ${formatRate(reputation.answerRate)}`);
  if (reputation.medianResponseSeconds !== null) {
    parts.push(`usually within ${formatDuration(reputation.medianResponseSeconds)}`);
  }
  return parts.join(' · ');
}

/** A card's record beside a trader's name: "12 completed · 95% positive" (the share once feedback exists). */
export function summaryLine(summary: { completedTrades: number; positiveShare: number | null }): string {
  const completed =
    summary.completedTrades === 0 && summary.positiveShare === null
      ? 'No completed trades'
      : `${summary.completedTrades.toLocaleString('en-US')} completed`;
  return summary.positiveShare === null
    ? completed
    : `${completed} · ${formatRate(summary.positiveShare)} positive`;
}
