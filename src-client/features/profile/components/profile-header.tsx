import { useState, type ReactNode } from 'react';
import { RoleBadges } from '../../../components/badges/badges';

interface ProfileHeaderProps {
  username: string;
  userId: number | null;
  avatar?: string | null;
  flags?: readonly string[];
  memberSince: string;
  status: ReactNode;
  children?: ReactNode;
}

function Avatar({ username, avatar }: { username: string; avatar?: string | null }) {
  const [failed, setFailed] = useState(false);
  if (avatar && !failed) {
    return <img className="profile-avatar" src={avatar} alt="" onError={() => setFailed(true)} />;
  }
  return (
    <span className="profile-avatar profile-avatar-initial" aria-hidden="true">
      {username.trim().slice(0, 1).toUpperCase() || '?'}
    </span>
  );
}

/** Avatar (or the name's first letter), name with badges, id, member since and status. */
export function ProfileHeader({
  username,
  userId,
  avatar,
  flags = [],
  memberSince,
  status,
  children,
}: ProfileHeaderProps) {
  return (
    <header className="card profile-header">
      <Avatar username={username} avatar={avatar} />
      <div className="profile-header-text">
        <h1 className="page-title profile-name">
          {username} <RoleBadges flags={flags} />
        </h1>
        <dl className="profile-facts">
          <div>
            <dt>User ID</dt>
            <dd>{userId === null ? 'Unknown' : `#${userId}`}</dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd>{memberSince}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{status}</dd>
          </div>
        </dl>
      </div>
      {children && <div className="profile-header-actions">{children}</div>}
    </header>
  );
}
