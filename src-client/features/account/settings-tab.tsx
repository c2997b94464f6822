import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../components/notice/notice-store';
import { errorMessage } from '../../lib/api-client';
import { currentUser, useCurrentUser } from '../../lib/current-user';
import { AccountLinkingSection } from './account-linking-section';
import { ApiTokensSection } from './api-tokens-section';
import { ChangePasswordSection } from './change-password-section';
import { DisplayNameSection } from './display-name-section';
import { IgnSection } from './ign-section';
import { PrivacySection } from './privacy-section';
import { SessionsSection } from './sessions-section';
import '../../components/form/form.css';
import './settings.css';

/** Tells the user the Discord round trip worked, once; the flag leaves the address so a reload stays quiet. */
function useLinkedNotice() {
  const [params, setParams] = useSearchParams();
  const linked = params.get('linked');
  useEffect(() => {
    if (linked !== 'discord') return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('linked');
        return next;
      },
      { replace: true },
    );
    void currentUser.load(true);
    toast('Discord account linked!', 'success');
  }, [linked, setParams]);
}

/**
 * The My Profile page's Settings tab (the page adds its own Danger Zone after it); `blockedPlayers` is the
 * blocks feature's section.
 */
export function SettingsTab({ blockedPlayers }: { blockedPlayers: ReactNode }) {
  const { data: user, status, error } = useCurrentUser();
  useLinkedNotice();

  if (!user) {
    if (status === 'error') {
      return (
        <p className="error-text" role="alert">
          {errorMessage(error, 'Failed to load your account')}
        </p>
      );
    }
    return (
      <p className="muted" role="status">
        Loading your account...
      </p>
    );
  }

  return (
    <div className="settings-tab stack">
      <DisplayNameSection username={user.username} />
      <IgnSection ign={user.ign} />
      <section className="card stack settings-section" aria-labelledby="linked-email-title">
        <h3 id="linked-email-title">Linked Email</h3>
        <label className="visually-hidden" htmlFor="linked-email">
          Linked email
        </label>
        <input id="linked-email" className="input" readOnly value={user.email ?? 'No email linked'} />
        {user.pendingEmail && (
          <p className="pending-email" role="status">
            Verification sent to <strong>{user.pendingEmail}</strong>; your login email stays{' '}
            <strong>{user.email}</strong> until then.
          </p>
        )}
      </section>
      <ChangePasswordSection hasPassword={user.email !== null} />
      <AccountLinkingSection user={user} />
      <PrivacySection settings={user.settings} />
      <ApiTokensSection />
      <SessionsSection />
      {blockedPlayers}
    </div>
  );
}
