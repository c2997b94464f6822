import { Link } from 'react-router-dom';

/** No results: a way out, by clearing what narrows them, or by posting the first listing. */
export function EmptyResults({ narrowed, onClear }: { narrowed: boolean; onClear(): void }) {
  return (
    <div className="empty-state browse-empty">
      <p>No listings found.</p>
      {narrowed ? (
        <button type="button" className="btn" onClick={onClear}>
          Clear filters
        </button>
      ) : (
        <Link className="btn primary" to="/post">
          Post a listing
        </Link>
      )}
    </div>
  );
}
