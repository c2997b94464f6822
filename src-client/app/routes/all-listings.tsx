import { useSearchParams } from 'react-router-dom';
import { browseLinkState, ListingLinkState } from '../../features/listings/browse-return';
import { ListingBrowser } from '../../features/listings/components/listing-browser';
import { SaveSearchButton } from '../../features/saved-searches/save-search-button';
import { filtersFromSearch, isNarrowed } from '../../lib/listings/browse-filters';

export function Component() {
  const filtered = isNarrowed(filtersFromSearch(useSearchParams()[0]));
  // Listings opened from here remember it, so their Back link returns to this page as it was left.
  return (
    <ListingLinkState.Provider value={browseLinkState(filtered)}>
      <ListingBrowser saveSearch={(filters) => <SaveSearchButton filters={filters} />} />
    </ListingLinkState.Provider>
  );
}
