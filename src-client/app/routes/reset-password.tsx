import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import '../../features/auth/auth.css';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const goHome = useCallback(() => navigate('/'), [navigate]);

  return (
    <section className="card auth-page stack" aria-labelledby="reset-title">
      <h1 id="reset-title" className="page-title">
        Reset Password
      </h1>
      {token ? (
        <ResetPasswordForm token={token} onDone={goHome} />
      ) : (
        <p className="error-text" role="alert">
          Invalid reset link. Please request a new password reset.
        </p>
      )}
      <Link to="/login">Back to Login</Link>
    </section>
  );
}
