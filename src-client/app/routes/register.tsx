import { Navigate } from 'react-router-dom';
import { RegisterForm } from '../../features/auth/components/register-form';
import '../../features/auth/auth.css';
import { selectUser, useSession } from '../../lib/session';

export function Component() {
  // Someone already signed in has nothing to do here.
  if (useSession(selectUser)) return <Navigate to="/myprofile" replace />;
  return (
    <section className="card auth-page stack" aria-labelledby="register-title">
      <h1 id="register-title" className="page-title">
        Create your account
      </h1>
      <RegisterForm />
    </section>
  );
}
