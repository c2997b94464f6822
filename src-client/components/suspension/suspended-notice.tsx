import { formatSuspensionEnd, type SuspensionInfo } from './suspension-text';
import './suspension.css';

/** What a suspended player sees when logging in: that the account is suspended, why, and until when. */
export function SuspendedNotice({ suspension }: { suspension: SuspensionInfo }) {
  return (
    <div className="suspended-notice" role="alert">
      <p className="suspended-notice-title">Your account is suspended</p>
      {suspension.reason && (
        <p>
          <span className="muted">Reason:</span> {suspension.reason}
        </p>
      )}
      <p>
        {suspension.until ? (
          <>
            It ends on <time dateTime={suspension.until}>{formatSuspensionEnd(suspension.until)}</time>.
          </>
        ) : (
          'It is permanent.'
        )}
      </p>
    </div>
  );
}
