import { forbidden } from '../errors';
import type { ThreadRole } from '../models/offer-thread';
import { isAdmin } from './admin';

/** An offer thread's two parties: the offer's maker and the listing's owner. */
interface Parties {
  makerId: number;
  ownerId: number;
}

export function roleOf(thread: Parties, userId: number): ThreadRole | null {
  if (thread.makerId === userId) return 'maker';
  if (thread.ownerId === userId) return 'owner';
  return null;
}

export const otherRole = (role: ThreadRole): ThreadRole => (role === 'maker' ? 'owner' : 'maker');

export const partyOf = (thread: Parties, role: ThreadRole) =>
  role === 'maker' ? thread.makerId : thread.ownerId;

/** Only the two traders write in the thread and keep a read marker; admins read it only. */
export function assertThreadParty(thread: Parties, userId: number): ThreadRole {
  const role = roleOf(thread, userId);
  if (!role) throw forbidden('Only the two traders can write in this conversation');
  return role;
}

/** The two traders read the thread, and admins (null: an admin who is not a party); 403 for anyone else. */
export async function assertCanReadThread(thread: Parties, userId: number): Promise<ThreadRole | null> {
  const role = roleOf(thread, userId);
  if (role) return role;
  if (await isAdmin(userId)) return null;
  throw forbidden('Only the two traders and admins can read this conversation');
}
