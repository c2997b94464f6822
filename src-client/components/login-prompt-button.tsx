import { loginPrompt } from '../lib/login-prompt';

/** A button that opens the login popup, for places that need a logged-in user. */
export function LoginPromptButton({ label = 'Log in' }: { label?: string }) {
  return (
    <button type="button" className="btn primary" onClick={loginPrompt.show}>
      {label}
    </button>
  );
}
