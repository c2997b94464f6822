import { ListingBrowser } from '../../features/listings/components/listing-browser';

export function Component() {
  return <ListingBrowser />;
}
