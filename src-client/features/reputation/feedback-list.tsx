import type { Reputation } from '../../../src-common/schemas/reputation';
import { DELETED_USER, type FeedbackRating } from '../../../src-common/schemas/trade';
import { UserName } from '../../components/badges/user-name';
import { shortDate } from '../../lib/short-date';
import { formatRate } from '../../lib/reputation-format';

const RATING_LABELS: Record<FeedbackRating, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

/** The feedback a trader received: the counts by rating, the positive share, and the latest comments. */
export function FeedbackSummary({ reputation }: { reputation: Reputation }) {
  const { feedback, latestFeedback } = reputation;
  const all = feedback.positive + feedback.neutral + feedback.negative;
  return (
    <section className="feedback-summary" aria-labelledby="feedback-title">
      <h3 className="feedback-title" id="feedback-title">
        Feedback
        {all > 0 && <span className="feedback-share"> · {formatRate(feedback.positive / all)} positive</span>}
      </h3>
      <dl className="feedback-counts">
        {(['positive', 'neutral', 'negative'] as const).map((rating) => (
          <div key={rating} className={`feedback-count is-${rating}`}>
            <dt>{RATING_LABELS[rating]}</dt>
            <dd>{feedback[rating].toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {latestFeedback.length === 0 ? (
        <p className="muted feedback-empty">No feedback yet.</p>
      ) : (
        <>
          <h4 className="feedback-latest-title">Latest feedback</h4>
          <ul className="feedback-list">
            {latestFeedback.map((item) => (
              <li key={`${item.rater.id}-${item.at}`} className="feedback-item">
                <span className={`badge feedback-rating-badge is-${item.rating}`}>
                  {RATING_LABELS[item.rating]}
                </span>
                <p className="feedback-comment">
                  {item.comment || <span className="muted">No comment</span>}
                </p>
                <p className="muted feedback-by">
                  by{' '}
                  <UserName
                    name={item.rater.username}
                    userId={item.rater.username === DELETED_USER ? null : item.rater.id}
                  />{' '}
                  · <time dateTime={item.at}>{shortDate(item.at)}</time>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
