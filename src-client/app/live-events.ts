import type { Listing } from '../../src-common/schemas/listing';
import type { Offer } from '../../src-common/schemas/offer';
import { announceNews } from '../components/live-region/announcer';
import { toast } from '../components/notice/notice-store';
import { blockedPlayers, isBlocked } from '../features/blocks/blocks-api';
import { refreshSummaries } from '../lib/reputation-summary-store';
import { listingActions, selectListing, useListings } from '../lib/listings/listings-store';
import { offerNews } from '../features/offers/offer-news';
import { offerActions, useOffers } from '../features/offers/offers-store';
import { useSession } from '../lib/session';
import { onResync, onServerEvent, watchesListing } from '../lib/socket';

/** The threads' store comes with the pages that show a thread, not with the first paint. */
const threadsStore = () => import('../features/offers/threads-store');

/**
 * Routes every server event into the features' stores through the same merge functions REST uses: the one
 * place that lists them, bound once at start-up, before the first view connects (`ensureLiveSync`).
 */
export function bindLiveEvents(): void {
  // The server leaves blocked players' listings out of the caller's REST answers; live, the browser does,
  // so it knows the blocked players of whoever is logged in.
  void blockedPlayers.load();
  useSession.subscribe((state, previous) => {
    if (state.token !== previous.token) void blockedPlayers.load();
  });
  // A held one (the blocked player's profile, opened on purpose) still follows its changes.
  const unwanted = (listing: Listing) =>
    isBlocked(listing.userId) && !selectListing(listing.id)(useListings.getState());
  onServerEvent('listing:created', ({ listing }) => {
    if (!unwanted(listing)) listingActions.upsert(listing, true);
  });
  onServerEvent('listing:updated', ({ listing }) => {
    if (!unwanted(listing)) listingActions.upsert(listing);
  });
  onServerEvent('listing:deleted', ({ id }) => {
    listingActions.remove(id);
    offerActions.removeForListing(id);
  });
  // Offer events arrive for the watched listings (the open page's) and for the player's own offers on any
  // listing. Only the watched listings' reach the store and the live news, so the player hears of their
  // own offers where they did before (My offers reads its rows itself).
  const tell = (before: Offer | undefined, after: Offer | null) => {
    const news = offerNews(before, after, useSession.getState().user?.id ?? null);
    if (news) announceNews(news);
  };
  const held = (id: number): Offer | undefined => useOffers.getState().table.byId[id];
  onServerEvent('offer:created', ({ offer }) => {
    if (!watchesListing(offer.listing_id)) return;
    tell(held(offer.id), offer);
    offerActions.upsert(offer);
  });
  onServerEvent('offer:updated', ({ offer }) => {
    if (!watchesListing(offer.listing_id)) return;
    const before = held(offer.id);
    tell(before, offer);
    offerActions.upsert(offer);
    // An answer changes the listing owner's record (and an accept the buyer's): the server counts it first.
    if (offer.status !== 'pending' && before?.status !== offer.status) {
      const owner = selectListing(offer.listing_id)(useListings.getState())?.userId;
      refreshSummaries(owner === undefined ? [offer.user_id] : [owner, offer.user_id]);
    }
  });
  onServerEvent('offer:deleted', ({ id, listing_id }) => {
    if (!watchesListing(listing_id)) return;
    tell(held(id), null);
    offerActions.remove(id);
  });
  onServerEvent('offer:message', ({ message }) => {
    const viewer = useSession.getState().user?.id ?? null;
    void threadsStore().then(({ threadActions }) => threadActions.received(message, viewer));
  });
  // A message in a thread on screen is seen (and said) there: no toast for it.
  onServerEvent('notification', ({ kind, offerId, message }) => {
    if (kind === 'offer_message' && offerId !== null) {
      void threadsStore().then(({ isThreadShown }) => {
        if (!isThreadShown(offerId)) toast(message);
      });
      return;
    }
    toast(message);
  });
  onResync(listingActions.markBrowseStale);
}
