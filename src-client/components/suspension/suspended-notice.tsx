import { useCallback } from 'react';
import { formatSuspensionEnd, type SuspensionInfo } from './suspension-text';
import './suspension.css';

/**
 * What a suspended player sees when logging in: that the account is suspended, why, and until when. It
 * takes focus when it appears: the Sign In button that had it is disabled while the answer comes, so focus
 * would otherwise fall to the page, out of the login popup, whose Escape would then no longer close it.
 */
export function SuspendedNotice({ suspension }: { suspension: SuspensionInfo }) {
  const focusOnMount = useCallback((notice: HTMLDivElement | null) => notice?.focus(), []);
  return (
    <div className="suspended-notice" role="alert" tabIndex={-1} ref={focusOnMount}>
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
