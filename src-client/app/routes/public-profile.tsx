import { useParams } from 'react-router-dom';
import { PublicProfileView } from '../../features/profile/components/public-profile-view';
import { useProfile } from '../../features/profile/use-profile';
import { usePageTitle } from '../page-meta';

export function Component() {
  const raw = useParams().userId ?? '';
  const userId = /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  const profile = useProfile(userId);
  const name = profile.loaded?.status === 'ready' ? profile.loaded.data.profile.username : null;
  usePageTitle(
    name && `${name}'s Profile`,
    name ? `${name}'s Brighter Shores listings and trading stats.` : undefined,
  );
  return <PublicProfileView userId={userId} {...profile} />;
}
