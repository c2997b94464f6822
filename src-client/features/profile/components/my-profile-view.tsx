import { useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PresenceMark } from '../../../components/presence/presence-mark';
import { LoadError, LoadState } from '../../../components/load-state/load-state';
import type { Listing } from '../../../../src-common/schemas/listing';
import type { OfferStats } from '../../../../src-common/schemas/offer';
import type { TokenPayload } from '../../../../src-common/schemas/user';
import { listingStats, monthYear } from '../profile-stats';
import { profileLoadStatus, type ProfileView } from '../use-profile';
import { DangerZone } from './danger-zone';
import { MyListingsTab } from './my-listings-tab';
import { OverviewTab } from './overview-tab';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';
import { StatsPanel } from './stats-panel';
import '../profile.css';

interface MyProfileViewProps extends ProfileView {
  user: TokenPayload | null;
  offerStats: OfferStats | null;
  /** The account settings, rendered above the Danger Zone. */
  settings: ReactNode;
  /** The "Saved searches" tab's content. */
  savedSearches: ReactNode;
  /** The "My Trades" tab's content. */
  trades: ReactNode;
  /** The "My Offers" tab's content: the offers the player made. */
  offers: ReactNode;
  /** The trading record under the stats, from the reputation feature. */
  reputation: ReactNode;
  /** One of the own listings in My Listings, from the listings feature. */
  listingCard(listing: Listing): ReactNode;
}

const TAB_IDS = ['overview', 'listings', 'offers', 'trades', 'searches', 'settings'] as const;

/**
 * /myprofile: header, live stats, trading record, and the Overview / My Listings / My Offers / My Trades /
 * Saved searches / Settings tabs.
 */
export function MyProfileView({
  user,
  loaded,
  listings,
  reload,
  offerStats,
  settings,
  savedSearches,
  trades,
  offers,
  reputation,
  listingCard,
}: MyProfileViewProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const stats = useMemo(() => listingStats(listings), [listings]);
  const profile = loaded?.status === 'ready' ? loaded.data.profile : null;
  const memberSince = monthYear(profile?.createdAt);
  const tab = TAB_IDS.find((t) => t === params.get('tab')) ?? 'overview';

  return (
    <div className="stack">
      <ProfileHeader
        username={user?.username ?? 'Guest User'}
        userId={user?.id ?? null}
        avatar={profile?.avatar}
        flags={profile?.flags}
        memberSince={memberSince}
        status={user ? <PresenceMark userId={user.id} /> : 'Offline'}
      >
        <button
          type="button"
          className="btn"
          disabled={!user}
          onClick={() => user && navigate(`/profile/${user.id}`)}
        >
          View Public Profile
        </button>
      </ProfileHeader>
      {loaded?.status === 'missing' && <p className="error-text">{loaded.message}</p>}
      {loaded?.status === 'error' && <LoadError message={loaded.message} onRetry={reload} />}
      <StatsPanel stats={stats} />
      {reputation}
      <ProfileTabs
        selected={tab}
        onSelect={(id) => setParams(id === 'overview' ? {} : { tab: id }, { replace: true })}
        tabs={[
          {
            id: 'overview',
            label: 'Overview',
            panel: (
              <>
                <h2 className="visually-hidden">Overview</h2>
                <OverviewTab
                  listings={listings}
                  stats={stats}
                  offerStats={offerStats}
                  memberSince={memberSince}
                  lastActive={user ? <PresenceMark userId={user.id} /> : 'Offline'}
                />
              </>
            ),
          },
          {
            id: 'listings',
            label: 'My Listings',
            panel: (
              <LoadState
                status={profileLoadStatus(loaded)}
                loadingLabel="Loading your listings"
                error="Failed to load your listings"
                onRetry={reload}
              >
                <MyListingsTab listings={listings} listingCard={listingCard} />
              </LoadState>
            ),
          },
          { id: 'offers', label: 'My Offers', panel: offers },
          { id: 'trades', label: 'My Trades', panel: trades },
          { id: 'searches', label: 'Saved searches', panel: savedSearches },
          {
            id: 'settings',
            label: 'Settings',
            panel: (
              <div className="stack">
                <h2 className="visually-hidden">Settings</h2>
                {settings}
                <DangerZone listingIds={listings.map((l) => l.id)} />
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
