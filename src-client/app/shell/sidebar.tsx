import { useRef, type RefObject } from 'react';
import { NavLink } from 'react-router-dom';
import { useFocusTrap } from '../../components/use-focus-trap';
import { useIsAdmin } from '../../lib/admin-status';
import { selectUser, useSession } from '../../lib/session';
import { SIDEBAR_LINK_IDS, useExternalLinks } from '../external-links';
import { VERSION_LABEL } from './constants';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

export const SIDEBAR_ID = 'sidebar';

interface SidebarProps {
  open: boolean;
  onClose(): void;
  onLogin(): void;
  onLogout(): void;
  /** Focus goes back here on close when the control that had it has disappeared (e.g. after Logout). */
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

interface InternalLink {
  to: string;
  label: string;
}

function internalLinks(loggedIn: boolean, admin: boolean): InternalLink[] {
  return [
    { to: '/gettingstarted', label: 'Getting Started' },
    ...(loggedIn ? [{ to: '/post', label: 'Post Listing' }] : []),
    { to: '/alllistings', label: 'All Listings' },
    { to: '/market', label: 'Market' },
    ...(loggedIn ? [{ to: '/myprofile', label: 'My Profile' }] : []),
    ...(loggedIn && admin ? [{ to: '/adminpanel', label: 'Admin Panel' }] : []),
  ];
}

/** The 220 px menu that slides over the page: a modal while open, gone from the tab order while closed. */
export function Sidebar({ open, onClose, onLogin, onLogout, menuButtonRef }: SidebarProps) {
  // The trap holds the overlay too: it must stay clickable (to close) while the rest of the page is inert.
  const layerRef = useRef<HTMLDivElement>(null);
  const user = useSession(selectUser);
  const isAdmin = useIsAdmin();
  const externalLinks = useExternalLinks(SIDEBAR_LINK_IDS);
  useFocusTrap(layerRef, open, { onEscape: onClose, fallbackFocus: menuButtonRef });

  return (
    <div ref={layerRef} className="sidebar-layer">
      <div
        className={open ? 'sidebar-overlay open' : 'sidebar-overlay'}
        aria-hidden="true"
        onClick={onClose}
      />
      <aside
        id={SIDEBAR_ID}
        className={open ? 'sidebar open' : 'sidebar'}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        tabIndex={-1}
      >
        <div className="sidebar-head">
          <Logo />
          <button
            type="button"
            className="btn ghost small sidebar-close"
            aria-label="Close menu"
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {user && (
          <p className="sidebar-welcome">
            Welcome, <strong>{user.username}</strong>
          </p>
        )}
        <p className="sidebar-version">{VERSION_LABEL}</p>

        <nav aria-label="Main">
          <ul className="sidebar-links">
            {internalLinks(user !== null, isAdmin).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="sidebar-link" onClick={onClose}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {externalLinks.length > 0 && (
          <nav aria-label="Community">
            <h2 className="sidebar-heading">Community</h2>
            <ul className="sidebar-links">
              {externalLinks.map((link) => (
                <li key={link.id}>
                  <a
                    className="sidebar-link external"
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                    <span className="external-mark" aria-hidden="true">
                      ↗
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <div className="sidebar-foot">
          <ThemeToggle />
          {user ? (
            <button type="button" className="btn" onClick={onLogout}>
              Logout
            </button>
          ) : (
            <button type="button" className="btn primary" onClick={onLogin}>
              Login
            </button>
          )}
        </div>
      </aside>
    </div>
  );
}
