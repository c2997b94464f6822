import type { ReportAction, ReportTargetType } from '../../src-common/schemas/report';
import { badRequest, forbidden } from '../errors';

/** What the report rules need to know of a target (services/moderation/report-targets.ts). */
interface ReportedThing {
  type: ReportTargetType;
  /** A listing's owner; a player; an offer's listing owner and maker; a trade's seller and buyer. */
  userIds: number[];
  listingId: number | null;
}

/**
 * Anyone may report a listing or a player, except their own listing and themselves (400). An offer or
 * a trade is a matter between its two traders, so only they may report it (403): anyone else sees only
 * its listing, which they can report.
 */
export function assertCanReport(reporterId: number, target: ReportedThing): void {
  const involved = target.userIds.includes(reporterId);
  if (target.type === 'user' && involved) throw badRequest('You cannot report yourself', 'target');
  if (target.type === 'listing' && involved) throw badRequest('You cannot report your own listing', 'target');
  if ((target.type === 'offer' || target.type === 'trade') && !involved) {
    throw forbidden(`Only the two traders of this ${target.type} can report it`);
  }
}

/** Whom or what a resolve action acts on. */
export type ActionSubject =
  | { action: 'dismiss' }
  | { action: 'remove-listing'; listingId: number }
  | { action: 'suspend-user'; userId: number };

/**
 * Fits an admin's action to a report's target (400 when it does not fit): `remove-listing` removes the
 * listing that was reported, or the listing of the reported offer or trade, and has nothing to remove on
 * a player; `suspend-user` suspends the reported player, the listing's owner, or the trader of the offer
 * or trade other than the one who reported it.
 */
export function actionSubject(
  action: ReportAction,
  reporterId: number,
  target: ReportedThing,
): ActionSubject {
  if (action === 'dismiss') return { action };
  if (action === 'remove-listing') {
    if (target.listingId === null) {
      throw badRequest('A report about a player has no listing to remove', 'action');
    }
    return { action, listingId: target.listingId };
  }
  const userId =
    target.type === 'offer' || target.type === 'trade'
      ? target.userIds.find((id) => id !== reporterId)
      : target.userIds[0];
  if (userId === undefined) throw badRequest('This report names nobody to suspend', 'action');
  return { action, userId };
}
