import { Link } from 'react-router-dom';

/** The detail page's missing state; says so when the listing was deleted while it was open. */
export function ListingNotFound({ deleted, message }: { deleted: boolean; message: string }) {
  return (
    <div className="card stack listing-not-found" role="alert">
      <h1 className="page-title">Listing Not Found</h1>
      {deleted ? (
        <p>This listing has just been deleted by its owner.</p>
      ) : (
        message && <p className="error-text">{message}</p>
      )}
      <p className="muted">The listing you are looking for does not exist or has been removed.</p>
      <div>
        <Link className="btn primary" to="/alllistings">
          Back to All Listings
        </Link>
      </div>
    </div>
  );
}
