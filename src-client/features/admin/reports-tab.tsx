import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminReport, ReportAction, ReportStatus } from '../../../src-common/schemas/report';
import { LoadState } from '../../components/load-state/load-state';
import { REASON_LABELS, TARGET_NOUNS } from '../../components/report/report-text';
import { errorMessage } from '../../lib/api-client';
import { moderationApi } from './moderation-api';
import { ResolveDialog } from './report-actions';

const ACTION_DONE: Record<ReportAction, string> = {
  dismiss: 'Dismissed',
  'remove-listing': 'Listing removed',
  'suspend-user': 'User suspended',
};

/** Where a report's target is seen: a listing's page, a player's profile; offers and trades have none. */
function targetPath(target: AdminReport['target']): string | null {
  if (target.type === 'listing') return `/listing/${target.id}`;
  if (target.type === 'user') return `/profile/${target.id}`;
  return null;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function ReportCard({ report, onAction }: { report: AdminReport; onAction(action: ReportAction): void }) {
  const path = targetPath(report.target);
  const noun = TARGET_NOUNS[report.target.type];
  const headingId = `report-${report.id}-title`;
  return (
    <article className="card stack report-card" aria-labelledby={headingId}>
      <h3 className="report-title" id={headingId}>
        <span className="badge">{noun}</span>{' '}
        {path ? <Link to={path}>{report.target.summary}</Link> : report.target.summary}
      </h3>
      <dl className="report-facts">
        <div>
          <dt>Reason</dt>
          <dd>{REASON_LABELS[report.reason]}</dd>
        </div>
        <div>
          <dt>Reported by</dt>
          <dd>
            <Link to={`/profile/${report.reporter.id}`}>{report.reporter.username}</Link>
          </dd>
        </div>
        <div>
          <dt>Reported</dt>
          <dd>
            <time dateTime={report.createdAt}>{when(report.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Open reports on this {noun}</dt>
          <dd>{report.openOnTarget}</dd>
        </div>
      </dl>
      {report.details ? (
        <blockquote className="report-details-text">{report.details}</blockquote>
      ) : (
        <p className="muted">No details given.</p>
      )}
      {report.resolution ? (
        <p className="report-resolution">
          <strong>{ACTION_DONE[report.resolution.action]}</strong> by {report.resolution.by.username} on{' '}
          <time dateTime={report.resolution.at}>{when(report.resolution.at)}</time>
          {report.resolution.note && <>: {report.resolution.note}</>}
        </p>
      ) : (
        <div className="row report-card-actions">
          <button type="button" className="btn small" onClick={() => onAction('dismiss')}>
            Dismiss<span className="visually-hidden"> the report on {report.target.summary}</span>
          </button>
          {report.target.type === 'listing' && (
            <button type="button" className="btn small danger" onClick={() => onAction('remove-listing')}>
              Remove listing<span className="visually-hidden"> {report.target.summary}</span>
            </button>
          )}
          <button type="button" className="btn small danger" onClick={() => onAction('suspend-user')}>
            Suspend user<span className="visually-hidden"> behind {report.target.summary}</span>
          </button>
        </div>
      )}
    </article>
  );
}

/** The moderation queue: open or resolved reports, newest first, each resolvable with a confirmation. */
export function ReportsTab() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [reports, setReports] = useState<AdminReport[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [acting, setActing] = useState<{ report: AdminReport; action: ReportAction } | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setReports(await moderationApi.reports(status));
    } catch (err) {
      setError(errorMessage(err, 'Failed to load reports'));
    }
  }, [status]);

  useEffect(() => {
    setReports(null);
    void load();
  }, [load]);

  return (
    <section className="stack" aria-labelledby="reports-title">
      <div className="row moderation-toolbar">
        <h2 id="reports-title">Reports</h2>
        <div className="segmented" role="group" aria-label="Which reports">
          {(['open', 'resolved'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className="btn small"
              aria-pressed={status === s}
              onClick={() => setStatus(s)}
            >
              {s === 'open' ? 'Open' : 'Resolved'}
            </button>
          ))}
        </div>
      </div>
      <LoadState
        status={error ? 'error' : reports ? 'ready' : 'loading'}
        loadingLabel="Loading reports"
        placeholder={<p className="muted">Loading reports...</p>}
        error={error ?? ''}
        onRetry={() => void load()}
      >
        {reports?.length === 0 ? (
          <p className="empty-state">{status === 'open' ? 'No open reports.' : 'No resolved reports yet.'}</p>
        ) : (
          <div className="stack report-list">
            {reports?.map((r) => (
              <ReportCard key={r.id} report={r} onAction={(action) => setActing({ report: r, action })} />
            ))}
          </div>
        )}
      </LoadState>
      {acting && (
        <ResolveDialog
          report={acting.report}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={() => {
            setActing(null);
            void load();
          }}
        />
      )}
    </section>
  );
}
