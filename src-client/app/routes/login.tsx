import { useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { reloadToHeading } from '../../components/focus-after-reload';
import { DiscordButton } from '../../components/discord-button';
import { EmailSignIn, type SignInMode } from '../../features/auth/components/email-sign-in';
import { useFocusOnChange } from '../../features/auth/use-focus-on-change';
import { useClientConfig } from '../../lib/client-config';
import { selectUser, useSession } from '../../lib/session';
import { ARRIVAL_FOCUS_ATTRIBUTE } from '../../lib/arrival-focus';
import '../../features/auth/auth.css';

const TITLES: Record<SignInMode['kind'], string> = {
  login: 'Sign in',
  forgot: 'Reset Password',
  unverified: 'Email not verified',
};

/** The sign-in page: the popup's email flow plus Discord, with the message registration sends along. */
export function Component() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<SignInMode>({ kind: 'login' });
  const message = params.get('message');
  const sectionRef = useRef<HTMLElement>(null);
  useFocusOnChange(sectionRef, mode.kind);
  const discordLogin = useClientConfig()?.discordLogin ?? true;
  // Someone already signed in has nothing to do here.
  if (useSession(selectUser)) return <Navigate to="/myprofile" replace />;

  return (
    <section ref={sectionRef} className="card auth-page stack" aria-labelledby="login-title">
      <h1 id="login-title" className="page-title">
        {TITLES[mode.kind]}
      </h1>
      {message && mode.kind === 'login' && (
        <p className="notice-line success" role="status" tabIndex={-1} {...{ [ARRIVAL_FOCUS_ATTRIBUTE]: '' }}>
          {message}
        </p>
      )}
      <EmailSignIn mode={mode} onMode={setMode} onLoggedIn={() => reloadToHeading('/')} />
      {mode.kind === 'login' && discordLogin && (
        <>
          <div className="auth-divider">or</div>
          <DiscordButton />
        </>
      )}
    </section>
  );
}
