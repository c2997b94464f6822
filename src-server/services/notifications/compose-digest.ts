import type { NotificationKind } from '../../../src-common/schemas/notification';
import type { Digest } from '../../lib/mail-templates';

type Item = { kind: NotificationKind; message: string; link: string; createdAt: Date };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A digest of pending notifications, oldest first: the subject counts what is in it ("2 new offers and
 * 1 saved search match"), and each line links to the page the bell would open, on the public site.
 */
export function composeDigest(items: Item[], publicUrl: string): Digest {
  const sorted = [...items].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const matches = sorted.filter((n) => n.kind === 'saved_search_match').length;
  const offers = sorted.length - matches;
  const parts = [
    ...(offers ? [plural(offers, 'offer update', 'offer updates')] : []),
    ...(matches ? [plural(matches, 'saved search match', 'saved search matches')] : []),
  ];
  return {
    subject: `${parts.join(' and ')} on Brighter Shores Market`,
    items: sorted.map((n) => ({
      message: n.message,
      url: new URL(n.link, `${publicUrl}/`).toString(),
      at: n.createdAt,
    })),
  };
}
