import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SavedSearch } from '../../../src-common/schemas/saved-search';
import { LoadState, SkeletonCards } from '../../components/load-state/load-state';
import { notice, toast } from '../../components/notice/notice-store';
import { errorMessage } from '../../lib/api-client';
import { savedSearchesApi } from './saved-searches-api';
import { browserPath, describeFilters, describePrice } from './saved-search-text';
import { WebhookDialog } from './webhook-dialog';
import './saved-searches.css';

/**
 * My Profile -> "Saved searches": each search with Run (the browser with its filters), its Discord
 * webhook (set, change or remove it; Send test) and Delete.
 */
export function SavedSearchesTab() {
  const navigate = useNavigate();
  const [searches, setSearches] = useState<SavedSearch[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [testing, setTesting] = useState<number | null>(null);

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

  const replace = (saved: SavedSearch) =>
    setSearches((list) => (list ?? []).map((s) => (s.id === saved.id ? saved : s)));

  const sendTest = async (search: SavedSearch) => {
    setTesting(search.id);
    try {
      await savedSearchesApi.testWebhook(search.id);
      toast(`Test post sent to the Discord webhook of "${search.name}".`, 'success');
    } catch (err) {
      toast(errorMessage(err, 'The test post failed'), 'error');
      // A webhook Discord refused is now off: show it so.
      savedSearchesApi.list().then(setSearches, () => undefined);
    } finally {
      setTesting(null);
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
                  {search.webhook && (
                    <span className="saved-search-webhook">
                      Discord: <code>{search.webhook.url}</code>{' '}
                      {search.webhook.enabled ? (
                        <span className="badge webhook-on">Posting</span>
                      ) : (
                        <>
                          <span className="badge webhook-off">Off</span>{' '}
                          <span className="error-text">{search.webhook.disabledReason}</span>
                        </>
                      )}
                    </span>
                  )}
                </div>
                <div className="saved-search-actions">
                  <button
                    type="button"
                    className="btn small"
                    onClick={() => navigate(browserPath(search.filters))}
                  >
                    Run<span className="visually-hidden"> {search.name}</span>
                  </button>
                  <button type="button" className="btn small" onClick={() => setEditing(search)}>
                    {search.webhook ? 'Webhook' : 'Add webhook'}
                    <span className="visually-hidden"> {search.name}</span>
                  </button>
                  {search.webhook && (
                    <button
                      type="button"
                      className="btn small"
                      disabled={testing === search.id}
                      onClick={() => void sendTest(search)}
                    >
                      {testing === search.id ? 'Sending...' : 'Send test'}
                      <span className="visually-hidden"> {search.name}</span>
                    </button>
                  )}
                  <button type="button" className="btn small danger" onClick={() => void remove(search)}>
                    Delete<span className="visually-hidden"> {search.name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && <WebhookDialog search={editing} onSaved={replace} onClose={() => setEditing(null)} />}
    </section>
  );
}
