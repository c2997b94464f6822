import { SettingsTab } from '../../features/account/settings-tab';
import { BlockedPlayersSection } from '../../features/blocks/blocked-players-section';
import { ListingCard } from '../../features/listings/components/listing-card';
import { MyOffersTab } from '../../features/offers/components/my-offers-tab';
import { OfferThread } from '../../features/offers/components/offer-thread';
import { MyProfileView } from '../../features/profile/components/my-profile-view';
import { useProfile } from '../../features/profile/use-profile';
import { ReputationBlock } from '../../features/reputation/reputation-block';
import { useOfferStats } from '../../features/offers/use-offer-stats';
import { SavedSearchesTab } from '../../features/saved-searches/saved-searches-tab';
import { MyTradesTab } from '../../features/trades/components/my-trades-tab';
import { selectEndedBecause, selectUser, useSession } from '../../lib/session';

export function Component() {
  const user = useSession(selectUser);
  const endedBecause = useSession(selectEndedBecause);
  const profile = useProfile(user?.id ?? null);
  const offerStats = useOfferStats(user !== null);
  if (!user) {
    return (
      <div className="stack">
        <h1 className="page-title">My Profile</h1>
        <p className="empty-state">{endedBecause ?? 'Please log in to view your profile.'}</p>
      </div>
    );
  }
  return (
    <MyProfileView
      user={user}
      {...profile}
      offerStats={offerStats}
      settings={<SettingsTab blockedPlayers={<BlockedPlayersSection />} />}
      savedSearches={<SavedSearchesTab />}
      offers={<MyOffersTab />}
      trades={<MyTradesTab userId={user.id} thread={(offerId) => <OfferThread offerId={offerId} />} />}
      reputation={<ReputationBlock userId={user.id} />}
      listingCard={(l) => <ListingCard key={l.id} listing={l} headingLevel={3} />}
    />
  );
}
