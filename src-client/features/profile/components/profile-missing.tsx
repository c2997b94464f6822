import { Link } from 'react-router-dom';

/** A profile that does not exist or failed to load. */
export function ProfileMissing({ message }: { message: string }) {
  return (
    <div className="card stack profile-missing" role="alert">
      <h1 className="page-title">{message}</h1>
      <div>
        <Link className="btn primary" to="/">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
