import type { Block, BlockList } from '../../../src-common/schemas/block';
import { api } from '../../lib/api-client';
import { createTokenResource } from '../../lib/token-resource';

/** The players the logged-in player blocked (GET /api/blocks), shared by the profile, Settings and browse. */
export const blockedPlayers = createTokenResource(() =>
  api.get<BlockList>('/blocks').then((body): Block[] => body.blocks),
);

export const isBlocked = (userId: number): boolean =>
  blockedPlayers.store.getState().data?.some((b) => b.user.id === userId) ?? false;

export async function block(userId: number): Promise<void> {
  await api.post(`/users/${userId}/block`);
  await blockedPlayers.load(true);
}

export async function unblock(userId: number): Promise<void> {
  await api.delete(`/users/${userId}/block`);
  blockedPlayers.update((list) => list.filter((b) => b.user.id !== userId));
}
