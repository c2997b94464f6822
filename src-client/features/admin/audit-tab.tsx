import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AuditAction, AuditEntry } from '../../../src-common/schemas/audit';
import { LoadState } from '../../components/load-state/load-state';
import { errorMessage } from '../../lib/api-client';
import { AUDIT_PAGE, moderationApi } from './moderation-api';

const ACTION_LABELS: Record<AuditAction, string> = {
  'listing.delete': 'Deleted a listing',
  'admin.add': 'Added an admin',
  'admin.remove': 'Removed an admin',
  'user.suspend': 'Suspended a user',
  'user.unsuspend': 'Lifted a suspension',
  'report.resolve': 'Resolved a report',
};

function Target({ target }: { target: AuditEntry['target'] }) {
  const text = `${target.type} #${target.id}`;
  if (target.type === 'user' || target.type === 'admin')
    return <Link to={`/profile/${target.id}`}>{text}</Link>;
  return <>{text}</>;
}

/** The audit log, newest first, an older page at a time ("Load more" asks for entries before the last). */
export function AuditTab() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (before?: number) => {
    setBusy(true);
    setError(null);
    try {
      const page = await moderationApi.audit(before);
      setEntries((held) => (before === undefined ? page : [...(held ?? []), ...page]));
      setMore(page.length === AUDIT_PAGE);
    } catch (err) {
      setError(errorMessage(err, 'Failed to load the audit log'));
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const last = entries?.at(-1);
  return (
    <section className="stack" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <LoadState
        status={error && !entries ? 'error' : entries ? 'ready' : 'loading'}
        loadingLabel="Loading the audit log"
        placeholder={<p className="muted">Loading the audit log...</p>}
        error={error ?? ''}
        onRetry={() => void load()}
      >
        {entries?.length === 0 ? (
          <p className="empty-state">No admin action yet.</p>
        ) : (
          <div className="table-scroll">
            <table className="audit-table">
              <caption className="visually-hidden">Admin actions, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Admin</th>
                  <th scope="col">Action</th>
                  <th scope="col">On</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {entries?.map((e) => (
                  <tr key={e.id}>
                    <td data-label="When">
                      <time dateTime={e.at}>
                        {new Date(e.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
                      </time>
                    </td>
                    <td data-label="Admin">{e.actor.username ?? `Deleted user #${e.actor.id}`}</td>
                    <td data-label="Action">{ACTION_LABELS[e.action]}</td>
                    <td data-label="On">
                      <Target target={e.target} />
                    </td>
                    <td data-label="Note">{e.note || <span className="muted">None</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </LoadState>
      {error && entries && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {more && last && (
        <div>
          <button type="button" className="btn" disabled={busy} onClick={() => void load(last.id)}>
            {busy ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
    </section>
  );
}
