import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { StrokeIcon } from '../../components/stroke-icon';
import { ConnectionIndicator } from './connection-indicator';
import { NotificationBellSlot } from '../../features/notifications/components/notification-bell-slot';
import { Logo } from './logo';
import { SIDEBAR_ID } from './sidebar';
import { TopActions } from './top-actions';

interface TopBarProps {
  menuOpen: boolean;
  onMenu(): void;
  onLogout(): void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

export function TopBar({ menuOpen, onMenu, onLogout, menuButtonRef }: TopBarProps) {
  return (
    <header className="topbar">
      <button
        ref={menuButtonRef}
        type="button"
        className="btn ghost menu-button"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls={SIDEBAR_ID}
        onClick={onMenu}
      >
        <StrokeIcon size={22}>
          <path d="M3 6h18M3 12h18M3 18h18" strokeLinecap="round" />
        </StrokeIcon>
      </button>
      <Link to="/alllistings" className="topbar-home" aria-label="Brighter Shores Market home">
        <Logo />
      </Link>
      <div className="topbar-end">
        <ConnectionIndicator />
        <NotificationBellSlot />
        <TopActions onLogout={onLogout} />
      </div>
    </header>
  );
}
