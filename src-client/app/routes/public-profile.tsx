import { useParams } from 'react-router-dom';
import { BlockButton } from '../../features/blocks/block-button';
import { ListingCard } from '../../features/listings/components/listing-card';
import { PublicProfileView } from '../../features/profile/components/public-profile-view';
import { useProfile } from '../../features/profile/use-profile';
import { ReputationBlock } from '../../features/reputation/reputation-block';
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
  return (
    <PublicProfileView
      userId={userId}
      {...profile}
      blockButton={(p) => <BlockButton userId={p.id} username={p.username} />}
      reputation={(id) => <ReputationBlock userId={id} />}
      listingCard={(l) => <ListingCard key={l.id} listing={l} headingLevel={3} />}
    />
  );
}
