import { Link } from 'react-router-dom';
import { LoadState } from '../../components/load-state/load-state';
import { toast } from '../../components/notice/notice-store';
import { errorMessage } from '../../lib/api-client';
import { blockedPlayers, unblock } from './blocks-api';

async function unblockFromList(userId: number, username: string): Promise<void> {
  try {
    await unblock(userId);
    toast(`${username} is unblocked.`, 'success');
  } catch (err) {
    toast(errorMessage(err, 'Failed to unblock'), 'error');
  }
}

/** Settings: the players this account blocked, each with Unblock. */
export function BlockedPlayersSection() {
  const list = blockedPlayers.useResource();
  return (
    <section className="card stack" aria-labelledby="blocked-players-title">
      <h3 id="blocked-players-title">Blocked players</h3>
      {list.status !== 'ready' ? (
        <LoadState
          status={list.status === 'error' ? 'error' : 'loading'}
          loadingLabel="Loading blocked players"
          placeholder={<p className="muted">Loading...</p>}
          error={errorMessage(list.error, 'Failed to load blocked players')}
          onRetry={() => void blockedPlayers.load(true)}
        />
      ) : !list.data?.length ? (
        <p className="muted">You have not blocked anyone. Block a player from their profile.</p>
      ) : (
        <ul className="row-list" aria-label="Blocked players">
          {list.data.map(({ user, at }) => (
            <li key={user.id}>
              <span>
                <Link to={`/profile/${user.id}`}>{user.username}</Link>
                <span className="muted">
                  {' '}
                  since {new Date(at).toLocaleDateString('en-GB', { dateStyle: 'medium' })}
                </span>
              </span>
              <button
                type="button"
                className="btn small"
                onClick={() => void unblockFromList(user.id, user.username)}
              >
                Unblock<span className="visually-hidden"> {user.username}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
