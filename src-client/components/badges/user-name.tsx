import { Link, useNavigate } from 'react-router-dom';
import { api, ApiError } from '../../lib/api-client';
import { notice } from '../notice/notice-store';
import { RoleBadges } from './badges';

interface UserNameProps {
  name: string;
  userId?: number | null;
  flags?: string | readonly string[];
}

const isAnonymous = (name: string) => !name.trim() || name.trim().toLowerCase() === 'anonymous';

/** Opens a profile from a name alone, saying whether the name has no account (404) or the lookup failed. */
function useOpenProfileByName() {
  const navigate = useNavigate();
  return async (name: string) => {
    try {
      const { userId } = await api.get<{ userId: number }>(
        `/user/resolve/${encodeURIComponent(name.trim())}`,
      );
      navigate(`/profile/${userId}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        await notice.error(`Profile not found for ${name}. This user may not have a registered account.`);
      } else {
        await notice.error(`Unable to load profile for ${name}. Please try again later.`);
      }
    }
  };
}

/** A trader's name linking to their profile, with role badges. An anonymous trader gets no link. */
export function UserName({ name, userId, flags = '' }: UserNameProps) {
  const openByName = useOpenProfileByName();
  const label = isAnonymous(name) ? 'Anonymous' : name;
  let body;
  if (isAnonymous(name)) body = <span className="user-name">{label}</span>;
  else if (userId && userId > 0) {
    body = (
      <Link className="user-name" to={`/profile/${userId}`}>
        {label}
      </Link>
    );
  } else {
    body = (
      <button type="button" className="user-name link-button" onClick={() => openByName(name)}>
        {label}
      </button>
    );
  }
  return (
    <span className="user-name-with-badges">
      {body}
      <RoleBadges flags={flags} />
    </span>
  );
}
