import type { Offer } from '../../../src-common/schemas/offer';
import type { NewsItem } from '../../components/live-region/announcer';

const STATUS_WORDS: Record<Offer['status'], string> = {
  pending: 'pending',
  accepted: 'accepted',
  rejected: 'rejected',
};

/**
 * What a watcher of a listing hears when one of its offers arrives, changes status or is withdrawn, as
 * news the announcer can summarise ("3 new offers."). Null when there is nothing to tell: an event not
 * newer than what is held, a change that is not a status, or the reader's own offer arriving or going.
 */
export function offerNews(
  before: Offer | undefined,
  after: Offer | null,
  myUserId: number | null,
): NewsItem | null {
  if (after && before && after.version <= before.version) return null;
  const offer = after ?? before;
  if (!offer) return null;
  const mine = offer.user_id === myUserId;
  if (!before) {
    if (mine || !after) return null;
    return { key: 'offer-new', one: `New offer from ${offer.username}.`, many: (n) => `${n} new offers.` };
  }
  if (!after) {
    if (mine) return null;
    return {
      key: 'offer-cancelled',
      one: `Offer from ${offer.username} cancelled.`,
      many: (n) => `${n} offers cancelled.`,
    };
  }
  if (after.status === before.status) return null;
  const word = STATUS_WORDS[after.status];
  return {
    key: `offer-${after.status}`,
    one: mine ? `Your offer was ${word}.` : `Offer from ${offer.username} ${word}.`,
    many: (n) => `${n} offers ${word}.`,
  };
}
