import { BROWSE_LINK_STATE, ListingLinkState } from '../../features/listings/browse-return';
import { ListingBrowser } from '../../features/listings/components/listing-browser';
import { SaveSearchButton } from '../../features/saved-searches/save-search-button';

export function Component() {
  // Listings opened from here remember it, so their Back link returns to this page as it was left.
  return (
    <ListingLinkState.Provider value={BROWSE_LINK_STATE}>
      <ListingBrowser saveSearch={(filters) => <SaveSearchButton filters={filters} />} />
    </ListingLinkState.Provider>
  );
}
