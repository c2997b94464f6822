import { Link } from 'react-router-dom';

/** The detail page's missing state, said once; it says why when the listing was deleted while open. */
export function ListingNotFound({ deleted }: { deleted: boolean }) {
  return (
    <div className="card stack listing-not-found" role="alert">
      <h1 className="page-title">Listing Not Found</h1>
      <p className="muted">
        {deleted
          ? 'This listing has just been deleted by its owner.'
          : 'The listing you are looking for does not exist or has been removed.'}
      </p>
      <div>
        <Link className="btn primary" to="/alllistings">
          Back to All Listings
        </Link>
      </div>
    </div>
  );
}
