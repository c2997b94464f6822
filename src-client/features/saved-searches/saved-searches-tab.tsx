import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SavedSearch } from '../../../src-common/schemas/saved-search';
import { LoadState, SkeletonCards } from '../../components/load-state/load-state';
import { notice, toast } from '../../components/notice/notice-store';
import { errorMessage } from '../../lib/api-client';
import { savedSearchesApi } from './saved-searches-api';
import { browserPath, describeFilters, describePrice } from './saved-search-text';
import './saved-searches.css';

/** My Profile -> "Saved searches": each search with Run (the browser with its filters) and Delete. */
export function SavedSearchesTab() {
  const navigate = useNavigate();
  const [searches, setSearches] = useState<SavedSearch[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoadError(null);
    setSearches(null);
    savedSearchesApi
      .list()
      .then(setSearches, (err) => setLoadError(errorMessage(err, 'Failed to load your saved searches')));
  }, []);
  useEffect(load, [load]);

  const remove = async (search: SavedSearch) => {
    const confirmed = await notice.confirm(
      `Delete the saved search "${search.name}"? It will no longer alert you.`,
      'Delete Saved Search',
    );
    if (!confirmed) return;
    try {
      await savedSearchesApi.remove(search.id);
      setSearches((list) => (list ?? []).filter((s) => s.id !== search.id));
      toast(`Saved search "${search.name}" deleted.`, 'success');
    } catch (err) {
      toast(errorMessage(err, 'Failed to delete the saved search'), 'error');
    }
  };

  return (
    <section className="stack" aria-labelledby="saved-searches-title">
      <h2 className="profile-section-title" id="saved-searches-title">
        Saved searches
      </h2>
      <p className="muted">
        A new listing that matches one of these notifies you. Save a search from the listing browser with
        &quot;Save this search&quot;.
      </p>
      <LoadState
        status={loadError ? 'error' : searches ? 'ready' : 'loading'}
        loadingLabel="Loading saved searches"
        placeholder={<SkeletonCards count={2} />}
        error={loadError ?? ''}
        onRetry={load}
      />
      {searches?.length === 0 && <p className="empty-state">You have no saved searches yet.</p>}
      {searches && searches.length > 0 && (
        <ul className="saved-search-list">
          {searches.map((search) => {
            const price = describePrice(search);
            return (
              <li key={search.id} className="card saved-search">
                <div className="saved-search-text">
                  <h3 className="saved-search-name">{search.name}</h3>
                  <span className="muted">
                    {describeFilters(search.filters)}
                    {price && ` · ${price}`}
                  </span>
                </div>
                <div className="saved-search-actions">
                  <button
                    type="button"
                    className="btn small"
                    onClick={() => navigate(browserPath(search.filters))}
                  >
                    Run<span className="visually-hidden"> {search.name}</span>
                  </button>
                  <button type="button" className="btn small danger" onClick={() => void remove(search)}>
                    Delete<span className="visually-hidden"> {search.name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
