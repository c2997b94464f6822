import { useEffect } from 'react';
import { useConnection, type ConnectionStatus } from '../../lib/socket';
import { ensureLiveSync } from '../../lib/live-sync';
import './connection-indicator.css';

const LABELS: Record<ConnectionStatus, string> = {
  connecting: 'Connecting...',
  live: 'Live',
  reconnecting: 'Reconnecting...',
  offline: 'Offline',
};

/** The live connection's state for the shell's top bar; it also starts the connection. */
export function ConnectionIndicator() {
  const status = useConnection((s) => s.status);
  useEffect(ensureLiveSync, []);
  return (
    <span
      className={`connection-indicator is-${status}`}
      role="status"
      aria-label={`Connection: ${LABELS[status]}`}
    >
      <span className="connection-dot" aria-hidden="true" />
      <span className="connection-label">{LABELS[status]}</span>
    </span>
  );
}
