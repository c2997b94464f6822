import { useCallback, useState } from 'react';
import type { CurrentUser } from '../../../src-common/schemas/user';
import { errorMessage } from '../../lib/api-client';
import { useClientConfig } from '../../lib/client-config';
import { useSession } from '../../lib/session';
import { authApi, discordLinkPath } from '../../lib/auth-api';
import { DiscordMark } from '../../components/discord-button';
import { LinkEmailForm } from './link-email-form';

/** Discord (a full-page OAuth round trip that comes back to /myprofile) and the email link form. */
export function AccountLinkingSection({ user }: { user: CurrentUser }) {
  const token = useSession((s) => s.token);
  const discordLogin = useClientConfig()?.discordLogin ?? true;
  const [emailFormOpen, setEmailFormOpen] = useState(false);
  const closeEmailForm = useCallback(() => setEmailFormOpen(false), []);
  const [discordError, setDiscordError] = useState<string | null>(null);

  // The navigation carries a short-lived ticket, never the session token (URLs end up in logs).
  const connectDiscord = async () => {
    setDiscordError(null);
    try {
      const { ticket } = await authApi.discordLinkTicket();
      window.location.assign(discordLinkPath(ticket));
    } catch (err) {
      setDiscordError(errorMessage(err, 'Could not start linking Discord. Please try again.'));
    }
  };

  return (
    <section className="card stack settings-section" aria-labelledby="linking-title">
      <h3 id="linking-title">Account Linking</h3>
      <div className="linking-row">
        <div>
          <p className="linking-name">Discord</p>
          <p className="muted">
            {user.discord_username ? (
              <>
                Connected as <strong>{user.discord_username}</strong>
              </>
            ) : discordLogin ? (
              'Link your Discord account to log in with Discord as well as with your email.'
            ) : (
              'Discord login is not set up on this server.'
            )}
          </p>
        </div>
        {token && (discordLogin || user.discord_id) && (
          <button
            type="button"
            className="btn small discord-button linking-action"
            onClick={() => void connectDiscord()}
          >
            <DiscordMark />
            {user.discord_id ? 'Reconnect Discord' : 'Connect Discord'}
          </button>
        )}
      </div>
      {discordError && (
        <p className="error-text" role="alert">
          {discordError}
        </p>
      )}
      <div className="linking-row">
        <div>
          <p className="linking-name">Email</p>
          <p className="muted">
            {user.email ? (
              <>
                Linked to <strong>{user.email}</strong>
                {user.emailVerified ? '' : ' (not verified yet)'}
              </>
            ) : (
              'Add an email and password to log in without Discord.'
            )}
          </p>
        </div>
        {!emailFormOpen && (
          <button type="button" className="btn small linking-action" onClick={() => setEmailFormOpen(true)}>
            {user.email ? 'Change Email' : 'Link Email'}
          </button>
        )}
      </div>
      {emailFormOpen && <LinkEmailForm hasPassword={user.email !== null} onClose={closeEmailForm} />}
    </section>
  );
}
