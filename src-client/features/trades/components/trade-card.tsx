import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DELETED_USER, type Trade } from '../../../../src-common/schemas/trade';
import { other as otherParty } from '../../../../src-common/trade-lifecycle';
import { UserName } from '../../../components/badges/user-name';
import { PriceTiers } from '../../../components/money/price-tiers';
import { ReportButton } from '../../../components/report/report-button';
import { shortDate } from '../../../lib/short-date';
import { useNow } from '../../../lib/time-ago';
import { cancelTrade, confirmReceived } from '../trade-actions';
import { openTradeLines, roleOf, settledLine, tradeButtons, TRADE_STATUS_LABELS } from '../trade-view';
import { TradeStatusBadge } from './trade-status-badge';

// The two forms load when first opened: most visits only read the list.
const DisputeDialog = lazy(() => import('./dispute-dialog'));
const FeedbackDialog = lazy(() => import('./feedback-dialog'));

type OpenDialog = 'dispute' | 'feedback' | null;

/**
 * One trade in My Trades, as the viewer sees it: what, how many, for how much, with whom, where both
 * confirmations stand, the buttons that apply now, a report, and the offer's conversation (collapsed).
 * After an action, focus lands on the trade's status line, which then says where the trade stands.
 */
export function TradeCard({ trade, userId, thread }: { trade: Trade; userId: number; thread: ReactNode }) {
  const titleId = useId();
  const now = useNow();
  const role = roleOf(trade, userId);
  const buttons = tradeButtons(trade, role, now);
  const lines = openTradeLines(trade, role);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [focusTurn, setFocusTurn] = useState(0);
  useEffect(() => {
    if (focusTurn > 0) statusRef.current?.focus();
  }, [focusTurn]);
  const after = (ok: boolean) => ok && setFocusTurn((n) => n + 1);

  if (!role) return null;
  const other = trade[otherParty(role)];
  const item = <span className="visually-hidden"> ({trade.item})</span>;
  return (
    <article className={`card trade-card is-${trade.status}`} aria-labelledby={titleId}>
      <div className="trade-card-head">
        <h3 className="trade-title" id={titleId}>
          <Link to={`/listing/${trade.listingId}`}>{trade.item}</Link>
        </h3>
        <TradeStatusBadge status={trade.status} />
      </div>
      <dl className="trade-facts">
        <div>
          <dt>Quantity</dt>
          <dd>{trade.quantity.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Unit price</dt>
          <dd>
            <PriceTiers copper={trade.unitPrice} />
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            <PriceTiers copper={trade.total} />
          </dd>
        </div>
        <div>
          <dt>{role === 'buyer' ? 'Seller' : 'Buyer'}</dt>
          <dd>
            <UserName name={other.username} userId={other.username === DELETED_USER ? null : other.id} />
          </dd>
        </div>
        <div>
          <dt>Accepted</dt>
          <dd>
            <time dateTime={trade.acceptedAt}>{shortDate(trade.acceptedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>You are</dt>
          <dd>{role === 'buyer' ? 'Buying' : 'Selling'}</dd>
        </div>
      </dl>
      <p className="trade-status-line" ref={statusRef} tabIndex={-1}>
        <span className="visually-hidden">Status: {TRADE_STATUS_LABELS[trade.status]}. </span>
        {lines.length > 0 ? lines.join('. ') : settledLine(trade, role)}
      </p>
      <div className="row trade-actions">
        {buttons.confirm && (
          <button
            type="button"
            className="btn small primary"
            onClick={async () => after(await confirmReceived(trade, role))}
          >
            Confirm received{item}
          </button>
        )}
        {buttons.cancel && (
          <button
            type="button"
            className="btn small"
            onClick={async () => after(await cancelTrade(trade, role))}
          >
            {buttons.cancel === 'agree' ? 'Agree to cancel' : 'Ask to cancel'}
            {item}
          </button>
        )}
        {buttons.dispute && (
          <button
            type="button"
            className="btn small danger"
            aria-haspopup="dialog"
            onClick={() => setDialog('dispute')}
          >
            Dispute{item}
          </button>
        )}
        {buttons.feedback && (
          <button
            type="button"
            className="btn small primary"
            aria-haspopup="dialog"
            onClick={() => setDialog('feedback')}
          >
            Leave feedback{item}
          </button>
        )}
        <ReportButton
          target={{ type: 'trade', id: trade.id }}
          subject={`trade of ${trade.item} with ${other.username}`}
        />
      </div>
      {thread}
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'dispute' ? (
            <DisputeDialog trade={trade} onClose={(ok) => (setDialog(null), after(ok))} />
          ) : (
            <FeedbackDialog trade={trade} role={role} onClose={(ok) => (setDialog(null), after(ok))} />
          )}
        </Suspense>
      )}
    </article>
  );
}
