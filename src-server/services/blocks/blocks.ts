import type { Block, BlockList } from '../../../src-common/schemas/block';
import type { Offer } from '../../../src-common/schemas/offer';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { isDuplicateKeyError } from '../../lib/duplicate-key';
import { atomicWrite } from '../../lib/transactions';
import { BlockModel, blockKey, type BlockDoc } from '../../models/block';
import { assertCanBlock } from '../../policies/blocks';
import type { BlockChange } from '../../read-models/block-index';
import type { NotifyDeps } from '../notifications/notify';
import { rejectPendingOffers } from '../offers/reject-offers';

type Deps = Pick<AppDeps, 'accounts' | 'blocks' | 'publisher'>;
type BlockDeps = Deps & NotifyDeps & Pick<AppDeps, 'listings' | 'offers'>;

/**
 * What the buyer of an offer ended by a block reads. It names no one: blocking is silent, and the
 * blocked player must not learn of it from the reason.
 */
export const BLOCK_REJECTION_REASON = 'This trade is no longer possible';

/** Every block, for the block index at start-up. */
export function readAllBlocks(): Promise<Pick<BlockDoc, 'blockerId' | 'blockedId'>[]> {
  return BlockModel.find({}, { blockerId: 1, blockedId: 1 }).lean<
    Pick<BlockDoc, 'blockerId' | 'blockedId'>[]
  >();
}

/** This process's index first (the caller's next request must see it), then the other processes'. */
function changed(deps: Pick<AppDeps, 'blocks' | 'publisher'>, changes: BlockChange[]): void {
  if (!changes.length) return;
  deps.blocks.apply(changes);
  deps.publisher.blocksChanged(changes);
}

async function existingAccount(deps: Pick<AppDeps, 'accounts'>, userId: number) {
  const account = await deps.accounts.get(userId);
  if (!account) throw notFound('user');
  return account;
}

/** The block, stored once: a repeat finds the first one and keeps its time. */
async function storeBlock(blockerId: number, blockedId: number): Promise<Date> {
  const _id = blockKey(blockerId, blockedId);
  return atomicWrite(`block:${_id}`, async () => {
    const held = await BlockModel.findById(_id, { at: 1 }).lean<Pick<BlockDoc, 'at'>>();
    if (held) return held.at;
    try {
      return (await BlockModel.create({ _id, blockerId, blockedId, at: new Date() })).at;
    } catch (err) {
      // Another process stored it first (MongoDB): that one stands.
      if (!isDuplicateKeyError(err)) throw err;
      const first = await BlockModel.findById(_id, { at: 1 }).lean<Pick<BlockDoc, 'at'>>();
      return first?.at ?? new Date();
    }
  });
}

/** The pending offers either of the two made on the other's listings, as this process's indexes hold them. */
function pendingOffersBetween(deps: Pick<AppDeps, 'listings' | 'offers'>, a: number, b: number): number[] {
  const ids: number[] = [];
  for (const [owner, buyer] of [
    [a, b],
    [b, a],
  ]) {
    for (const listingId of deps.listings.idsOfUser(owner)) {
      for (const offer of deps.offers.forListing(listingId))
        if (offer.user_id === buyer && offer.status === 'pending') ids.push(offer.id);
    }
  }
  return ids;
}

/**
 * `blockerId` blocks `blockedId`: from now on neither can make an offer on the other's listings, the
 * pending offers between them are rejected, the blocker hears nothing the blocked player causes, and the
 * blocked player's listings leave the blocker's browse. The blocked player is told nothing. Blocking again
 * changes nothing and answers the first block (it also finishes the rejections of one cut short).
 */
export async function blockUser(deps: BlockDeps, blockerId: number, blockedId: number): Promise<Block> {
  assertCanBlock(blockerId, blockedId);
  const account = await existingAccount(deps, blockedId);
  const at = await storeBlock(blockerId, blockedId);
  changed(deps, [{ blockerId, blockedId, blocked: true }]);
  await rejectPendingOffers(deps, pendingOffersBetween(deps, blockerId, blockedId), BLOCK_REJECTION_REASON);
  return { user: { id: blockedId, username: account.username }, at: at.toISOString() };
}

/**
 * A block stored while this offer was being written missed it (the block's search reads the offer index,
 * which takes the offer only once it is published): the offer is rejected as the block's others were.
 * Call it after publishing the offer; either the block's search or this check sees the other.
 */
export async function rejectOfferIfBlocked(deps: NotifyDeps, offer: Offer, ownerId: number): Promise<void> {
  if (deps.blocks.between(offer.user_id, ownerId))
    await rejectPendingOffers(deps, [offer.id], BLOCK_REJECTION_REASON);
}

/** Lifts a block; lifting one that is not there changes nothing. Offers rejected by it stay rejected. */
export async function unblockUser(deps: Deps, blockerId: number, blockedId: number): Promise<void> {
  assertCanBlock(blockerId, blockedId);
  await existingAccount(deps, blockedId);
  await BlockModel.deleteOne({ _id: blockKey(blockerId, blockedId) });
  changed(deps, [{ blockerId, blockedId, blocked: false }]);
}

/** The caller's blocks, the newest first, each with the blocked player's current name. */
export async function listBlocks(deps: Pick<AppDeps, 'accounts'>, userId: number): Promise<BlockList> {
  const docs = await BlockModel.find({ blockerId: userId }).lean<BlockDoc[]>();
  docs.sort((a, b) => b.at.getTime() - a.at.getTime());
  const blocks: Block[] = [];
  for (const doc of docs) {
    const account = await deps.accounts.get(doc.blockedId);
    // An account deleted takes its blocks with it; one deleted behind the app's back is left out.
    if (account)
      blocks.push({ user: { id: doc.blockedId, username: account.username }, at: doc.at.toISOString() });
  }
  return { blocks };
}

/** A deleted account's blocks, both those it made and those made of it. */
export async function removeBlocksOf(
  deps: Pick<AppDeps, 'blocks' | 'publisher'>,
  userId: number,
): Promise<void> {
  const docs = await BlockModel.find({ $or: [{ blockerId: userId }, { blockedId: userId }] }).lean<
    BlockDoc[]
  >();
  await BlockModel.deleteMany({ _id: { $in: docs.map((doc) => doc._id) } });
  changed(
    deps,
    docs.map(({ blockerId, blockedId }) => ({ blockerId, blockedId, blocked: false })),
  );
}
