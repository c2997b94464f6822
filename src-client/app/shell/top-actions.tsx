import { Link } from 'react-router-dom';
import { StrokeIcon } from '../../components/stroke-icon';
import { loginPrompt } from '../../lib/login-prompt';
import { selectUser, useSession } from '../../lib/session';
import { AccountMenu } from './account-menu';
import './top-actions.css';

/**
 * The top bar's own actions: "Post a listing", "Sign up" and "Log in" for a visitor, "Post a listing" and
 * the account menu once logged in. Below 600 px the labels fold away and the icons keep them as accessible
 * names; "Sign up" goes (it has no icon), and the login popup still links to it.
 */
export function TopActions({ onLogout }: { onLogout(): void }) {
  const user = useSession(selectUser);
  return (
    <div className="top-actions">
      <Link to="/post" className="btn primary top-action" aria-label="Post a listing">
        <StrokeIcon size={18} strokeWidth={2.2}>
          <path d="M12 5v14M5 12h14" strokeLinecap="round" />
        </StrokeIcon>
        <span className="top-action-label">Post a listing</span>
      </Link>
      {user ? (
        <AccountMenu username={user.username} onLogout={onLogout} />
      ) : (
        <>
          <Link to="/register" className="btn ghost top-action top-sign-up">
            Sign up
          </Link>
          <button type="button" className="btn top-action" aria-label="Log in" onClick={loginPrompt.show}>
            <StrokeIcon size={18}>
              <path
                d="M10 17l5-5-5-5M15 12H3M14 4h5a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </StrokeIcon>
            <span className="top-action-label">Log in</span>
          </button>
        </>
      )}
    </div>
  );
}
