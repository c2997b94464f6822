import { useRef, useState, type KeyboardEvent } from 'react';
import { reloadToHeading } from '../../components/focus-after-reload';
import { Modal } from '../../components/modal';
import { useClientConfig } from '../../lib/client-config';
import { DiscordButton } from '../../components/discord-button';
import { EmailSignIn, SIGN_IN_TITLES, type SignInMode } from './components/email-sign-in';
import { useFocusOnChange } from './use-focus-on-change';
import './auth.css';

type Tab = 'discord' | 'email';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'discord', label: 'Discord' },
  { id: 'email', label: 'Email' },
];

/**
 * The login popup the shell opens: Discord and Email tabs, with the email flow's forgot-password and
 * unverified states. A successful login closes it and reloads the page, so every part of the app
 * (sidebar, live connection) starts again as the logged-in user.
 */
export function LoginPopup({ onClose, onSignUp }: { onClose(): void; onSignUp(): void }) {
  const discordLogin = useClientConfig()?.discordLogin ?? true;
  // Until a tab is chosen the popup opens on Discord, or on Email when this server has no Discord login.
  const [chosenTab, setTab] = useState<Tab | null>(null);
  const tab: Tab = chosenTab ?? (discordLogin ? 'discord' : 'email');
  const [mode, setMode] = useState<SignInMode>({ kind: 'login' });
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ discord: null, email: null });
  const emailPanelRef = useRef<HTMLDivElement>(null);
  useFocusOnChange(emailPanelRef, mode.kind);

  const loggedIn = () => {
    onClose();
    reloadToHeading();
  };

  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next: Tab = tab === 'discord' ? 'email' : 'discord';
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const showTabs = mode.kind === 'login';
  return (
    <Modal title={SIGN_IN_TITLES[mode.kind]} onClose={onClose} className="login-popup">
      {showTabs && (
        <div className="tabs auth-tabs" role="tablist" aria-label="Login method" onKeyDown={onTabKey}>
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`login-tab-${t.id}`}
              aria-controls={`login-panel-${t.id}`}
              aria-selected={tab === t.id}
              tabIndex={tab === t.id ? 0 : -1}
              className="tab"
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
      )}
      {/* Each tab's panel is only as tall as its own content, so the short Discord one ends at its button. */}
      {showTabs && (
        <div
          role="tabpanel"
          id="login-panel-discord"
          aria-labelledby="login-tab-discord"
          className="stack"
          hidden={tab !== 'discord'}
        >
          {discordLogin ? (
            <>
              <p className="muted">
                Sign in with your Discord account. New here? Your market account is created on the way.
              </p>
              <DiscordButton />
            </>
          ) : (
            <p className="muted">
              Discord login is not set up on this server yet. Use the Email tab to sign in or sign up.
            </p>
          )}
        </div>
      )}
      <div
        role={showTabs ? 'tabpanel' : undefined}
        ref={emailPanelRef}
        id="login-panel-email"
        aria-labelledby={showTabs ? 'login-tab-email' : undefined}
        hidden={showTabs && tab !== 'email'}
      >
        <EmailSignIn mode={mode} onMode={setMode} onLoggedIn={loggedIn} onSignUp={onSignUp} />
      </div>
    </Modal>
  );
}
