import { useEffect } from 'react';
import { summaryLine } from '../../lib/reputation-format';
import { selectSummary, useReputationSummaries, wantSummary } from '../../lib/reputation-summary-store';
import './trader-record.css';

/**
 * A trader's completed trades and positive share beside their name on cards and offers. Every record a
 * page renders at once is read in one request; nothing shows until it is known. `ownLine` puts it under
 * the name (narrow cards) instead of beside it.
 */
export function TraderRecord({ userId, ownLine = false }: { userId: number; ownLine?: boolean }) {
  useEffect(() => wantSummary(userId), [userId]);
  const summary = useReputationSummaries(selectSummary(userId));
  if (!summary) return null;
  return (
    <span
      className={ownLine ? 'trader-record is-own-line' : 'trader-record'}
      title="Completed trades, and the share of positive feedback"
    >
      {summaryLine(summary)}
    </span>
  );
}
