import { FeedbackSummary } from './feedback-list';
import { formatDuration, formatRate } from '../../lib/reputation-format';
import { useReputation } from './use-reputation';
import './reputation.css';

/**
 * The profile's full reputation block (its header already says since when they are a member) with the
 * feedback received; nothing when the trader keeps their stats private.
 */
export function ReputationBlock({ userId }: { userId: number | null }) {
  const reputation = useReputation(userId);
  if (!reputation) return null;
  const figures: [label: string, value: string, hint?: string][] = [
    ['Trades', reputation.trades.toLocaleString('en-US'), 'accepted offers, buying or selling'],
    [
      'Completed trades',
      reputation.completedTrades.toLocaleString('en-US'),
      'confirmed by both, or 14 days without a word',
    ],
    [
      'Answer rate',
      reputation.answerRate === null ? '—' : formatRate(reputation.answerRate),
      `${reputation.offersAnswered.toLocaleString('en-US')} of ${reputation.offersReceived.toLocaleString('en-US')} offers received`,
    ],
    [
      'Usual response',
      reputation.medianResponseSeconds === null ? '—' : formatDuration(reputation.medianResponseSeconds),
      'median over the last 90 days',
    ],
  ];
  return (
    <section className="card reputation-block" aria-labelledby="reputation-title">
      <h2 className="profile-section-title" id="reputation-title">
        Trading Record
      </h2>
      <dl className="reputation-figures">
        {figures.map(([label, value, hint]) => (
          <div key={label} className="reputation-figure">
            <dt>{label}</dt>
            <dd>
              <span className="reputation-value">{value}</span>
              {hint && <span className="reputation-hint">{hint}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <FeedbackSummary reputation={reputation} />
    </section>
  );
}
