import { notice, toast } from '../../components/notice/notice-store';
import { errorMessage } from '../../lib/api-client';
import { selectUser, useSession } from '../../lib/session';
import { block, blockedPlayers, unblock } from './blocks-api';

/** What blocking does, said before the player decides. */
export const BLOCK_EXPLAINED =
  'You will not see their listings when browsing, neither of you can make offers on the other\u2019s listings, ' +
  'pending offers between you are rejected, and you get no notifications caused by them. They are not told.';

async function toggle(userId: number, username: string, blocked: boolean): Promise<void> {
  if (blocked) {
    try {
      await unblock(userId);
      toast(`${username} is unblocked.`, 'success');
    } catch (err) {
      toast(errorMessage(err, 'Failed to unblock'), 'error');
    }
    return;
  }
  const confirmed = await notice.confirm(BLOCK_EXPLAINED, `Block ${username}?`, {
    confirm: 'Block',
    cancel: 'Cancel',
    destructive: true,
  });
  if (!confirmed) return;
  try {
    await block(userId);
    toast(`${username} is blocked.`, 'success');
  } catch (err) {
    toast(errorMessage(err, 'Failed to block'), 'error');
  }
}

/** "Block" / "Unblock" on another player's profile, for logged-in players. */
export function BlockButton({ userId, username }: { userId: number; username: string }) {
  const user = useSession(selectUser);
  const list = blockedPlayers.useResource();
  if (!user || user.id === userId || list.status !== 'ready') return null;
  const blocked = list.data?.some((b) => b.user.id === userId) ?? false;
  return (
    <button
      type="button"
      className={blocked ? 'btn small' : 'btn small ghost'}
      aria-pressed={blocked}
      onClick={() => void toggle(userId, username, blocked)}
    >
      {blocked ? 'Unblock' : 'Block'}
      <span className="visually-hidden"> {username}</span>
    </button>
  );
}
