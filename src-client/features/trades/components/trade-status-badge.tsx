import type { TradeStatus } from '../../../../src-common/schemas/trade';
import { TRADE_STATUS_LABELS } from '../trade-view';

export function TradeStatusBadge({ status }: { status: TradeStatus }) {
  return <span className={`badge trade-status is-${status}`}>{TRADE_STATUS_LABELS[status]}</span>;
}
