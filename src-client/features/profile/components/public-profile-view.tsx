import { useMemo, type ReactNode } from 'react';
import type { Listing } from '../../../../src-common/schemas/listing';
import { LoadState, SkeletonCards } from '../../../components/load-state/load-state';
import { ReportButton } from '../../../components/report/report-button';
import { PresenceMark } from '../../../components/presence/presence-mark';
import { listingStats, monthYear } from '../profile-stats';
import { profileLoadStatus, type ProfileView } from '../use-profile';
import { ProfileHeader } from './profile-header';
import { ProfileMissing } from './profile-missing';
import { StatsPanel } from './stats-panel';
import '../profile.css';

/** /profile/{userId}: a trader's header, stats (unless private) and active listings, live. */
export function PublicProfileView({
  userId,
  loaded,
  listings,
  reload,
  blockButton,
  reputation,
  listingCard,
}: {
  userId: number | null;
  /** Block / Unblock in the header, from the blocks feature. */
  blockButton(profile: { id: number; username: string }): ReactNode;
  /** The trading record under the stats, from the reputation feature. */
  reputation(userId: number): ReactNode;
  /** One active listing, from the listings feature. */
  listingCard(listing: Listing): ReactNode;
} & ProfileView) {
  const stats = useMemo(() => listingStats(listings), [listings]);
  const active = useMemo(() => listings.filter((l) => l.status === 'active'), [listings]);

  if (userId === null) return <ProfileMissing message="Profile not found" />;
  if (!loaded || loaded.status === 'error') {
    return (
      <LoadState
        status={profileLoadStatus(loaded)}
        loadingLabel="Loading profile"
        placeholder={<SkeletonCards count={3} />}
        error={loaded?.message ?? ''}
        onRetry={reload}
      />
    );
  }
  if (loaded.status === 'missing') return <ProfileMissing message={loaded.message} />;
  const { profile, stats: serverStats } = loaded.data;
  return (
    <div className="stack">
      <ProfileHeader
        username={profile.username}
        userId={profile.id}
        avatar={profile.avatar}
        flags={profile.flags}
        memberSince={monthYear(serverStats?.joinDate ?? profile.createdAt)}
        status={
          profile.suspended ? (
            <span className="badge profile-suspended">Suspended</span>
          ) : (
            <PresenceMark userId={profile.id} />
          )
        }
      >
        {blockButton(profile)}
        <ReportButton
          target={{ type: 'user', id: profile.id }}
          className="btn small ghost"
          subject={profile.username}
        />
      </ProfileHeader>
      {serverStats && <StatsPanel stats={stats} />}
      {reputation(profile.id)}
      <section className="stack" aria-labelledby="profile-listings-title">
        <h2 className="profile-section-title" id="profile-listings-title">
          Active Listings
        </h2>
        {active.length === 0 ? (
          <p className="empty-state">{profile.username} doesn&apos;t have any active listings yet.</p>
        ) : (
          <div className="grid">{active.map(listingCard)}</div>
        )}
      </section>
    </div>
  );
}
