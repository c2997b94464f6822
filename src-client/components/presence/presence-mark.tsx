import { timeAgo, useNow } from '../../lib/time-ago';
import { usePresence, selectPresence } from '../../lib/presence/presence-store';
import { useWatchPresence } from '../../lib/presence/presence-watch';
import './presence-mark.css';

/** What the mark says: "Online", "Last seen 12 minutes ago", or "Offline" (never seen, or hidden). */
export function presenceText(presence: { online: boolean; lastSeen: string | null }, now: number): string {
  if (presence.online) return 'Online';
  return presence.lastSeen ? `Last seen ${timeAgo(presence.lastSeen, now).toLowerCase()}` : 'Offline';
}

/** A green dot and "Online", or when the user was last seen; nothing until their presence is known. */
export function PresenceMark({ userId }: { userId: number }) {
  useWatchPresence(userId);
  const presence = usePresence(selectPresence(userId));
  const now = useNow();
  if (!presence) return null;
  return (
    <span className={`presence-mark${presence.online ? ' is-online' : ''}`}>
      <span className="presence-dot" aria-hidden="true" />
      {presenceText(presence, now)}
    </span>
  );
}
