import { RegisterForm } from '../../features/auth/components/register-form';
import '../../features/auth/auth.css';

export function Component() {
  return (
    <section className="card auth-page stack" aria-labelledby="register-title">
      <h1 id="register-title" className="page-title">
        Create your account
      </h1>
      <RegisterForm />
    </section>
  );
}
