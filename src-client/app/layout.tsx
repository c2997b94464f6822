import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';
import { LiveRegion } from '../components/live-region/live-region';
import { NoticeDialog } from '../components/notice/notice-dialog';
import { notice, toast } from '../components/notice/notice-store';
import { Toasts } from '../components/notice/toasts';
import { ArrowKeysHint } from '../components/one-tab-stop';
import { SkipLink, SkipLinkSlot } from '../components/skip-links';
import { loginPrompt, useLoginPrompt } from '../lib/login-prompt';
import { useAuthErrorNotice } from '../features/auth/use-auth-error-notice';
import { trackPageview } from '../lib/analytics';
import { rememberedEmail } from '../lib/remembered-email';
import { useSession } from '../lib/session';
import { useRouteMeta } from './page-meta';
import { useFocusKeeper } from './use-focus-keeper';
import { useSessionEndedNotice } from './use-session-ended-notice';
import { Sidebar } from './shell/sidebar';
import { TopBar } from './shell/top-bar';
import './shell/shell.css';

// Its forms bring the validation library: loaded when a visitor first asks to log in, not in the first paint.
const LoginPopup = lazy(() =>
  import('../features/auth/login-popup').then((m) => ({ default: m.LoginPopup })),
);

/** The app shell around every page: top bar, sidebar, login popup, notices, titles and pageviews. */
export function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  const clearSession = useSession((s) => s.clear);
  const [menuOpen, setMenuOpen] = useState(false);
  const loginOpen = useLoginPrompt((s) => s.open);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [skipLinkSlot, setSkipLinkSlot] = useState<HTMLElement | null>(null);

  useRouteMeta(location.pathname);
  useAuthErrorNotice();
  useSessionEndedNotice();
  useFocusKeeper(location.pathname);
  useEffect(() => {
    trackPageview(location.pathname, document.title);
  }, [location.pathname]);

  const logout = async () => {
    if (
      !(await notice.confirm('Are you sure you want to log out?', 'Log Out', {
        confirm: 'Log out',
        cancel: 'Stay logged in',
      }))
    )
      return;
    clearSession();
    rememberedEmail.forget();
    setMenuOpen(false);
    navigate('/alllistings');
    toast('You have been logged out.', 'success');
  };

  return (
    <div className="app">
      <SkipLink targetId="main">Skip to content</SkipLink>
      <span ref={setSkipLinkSlot} />
      <TopBar
        menuOpen={menuOpen}
        onMenu={() => setMenuOpen(true)}
        onLogout={() => void logout()}
        menuButtonRef={menuButtonRef}
      />
      <Sidebar
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        onLogin={loginPrompt.show}
        onLogout={() => void logout()}
        menuButtonRef={menuButtonRef}
      />
      <main id="main" className="page" tabIndex={-1}>
        <SkipLinkSlot.Provider value={skipLinkSlot}>
          <Outlet />
        </SkipLinkSlot.Provider>
      </main>
      <footer className="footer">
        Brighter Shores Market is a community project, not affiliated with, endorsed by or connected to Fen
        Research or Brighter Shores.
      </footer>
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginPopup
            onClose={loginPrompt.hide}
            onSignUp={() => {
              // "Sign up" goes to /register: the menu the popup was opened from closes with it.
              loginPrompt.hide();
              setMenuOpen(false);
            }}
          />
        </Suspense>
      )}
      <NoticeDialog />
      <Toasts />
      <LiveRegion />
      <ArrowKeysHint />
      {/* A new page opens at its top; Back and Forward return to where each page was left. */}
      <ScrollRestoration />
    </div>
  );
}
