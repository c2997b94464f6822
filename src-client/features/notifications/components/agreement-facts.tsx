import { formatCopper } from '../../../../src-common/money';
import type { NotificationAgreement } from '../../../../src-common/schemas/notification';

/** The first line of an accept: what was agreed, in a few words. */
export const agreementHeadline = ({ item }: NotificationAgreement) => `Your offer on ${item} was accepted`;

/**
 * What an accept agreed, laid out to read at a glance: the items and amount, the other trader and their
 * in-game name, and what to do next. Inside the notification's link, so it is text only.
 */
export function AgreementFacts({ agreement }: { agreement: NotificationAgreement }) {
  const { item, quantity, amount, counterparty } = agreement;
  return (
    <span className="notification-agreement">
      <span>
        {quantity.toLocaleString('en-US')} {item} for {formatCopper(amount)} with {counterparty.username}
      </span>
      <span>
        {counterparty.ign ? (
          <>
            In-game name: <strong>{counterparty.ign}</strong>
          </>
        ) : (
          `${counterparty.username} has not set an in-game name yet`
        )}
      </span>
      <span className="notification-next">Meet in game to trade, then confirm the trade in My Trades.</span>
    </span>
  );
}
