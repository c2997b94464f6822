import { badRequest, blocked } from '../errors';
import type { BlockIndex } from '../read-models/block-index';

/** Two players of whom either blocked the other do not trade: no offer, either way. */
export function assertCanTrade(blocks: BlockIndex, userId: number, otherId: number): void {
  if (blocks.between(userId, otherId)) throw blocked();
}

export function assertCanBlock(userId: number, targetId: number): void {
  if (userId === targetId) throw badRequest("You can't block yourself");
}
