import { useEffect } from 'react';
import { useAdmins } from '../../features/admin/admins-store';
import { ManageAdmins } from '../../features/admin/manage-admins';
import { AdminListings } from '../../features/listings/components/admin-listings';
import { useSession } from '../../lib/session';

/** The admin dashboard: hidden when the server says "not an admin", an error line for anything else. */
export function Component() {
  const token = useSession((s) => s.token);
  const status = useAdmins((s) => s.status);

  useEffect(() => {
    void useAdmins.getState().load();
  }, [token]);

  if (status === 'idle' || status === 'loading') {
    return (
      <p className="muted" role="status">
        Loading admin data...
      </p>
    );
  }
  if (status === 'forbidden') {
    return (
      <div className="stack">
        <h1 className="page-title">Admin Panel</h1>
        <p className="empty-state">The admin panel is not available for your account.</p>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="stack">
        <h1 className="page-title">Admin Panel</h1>
        <p className="error-text" role="alert">
          Error loading admin data.
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <h1 className="page-title">Admin Panel</h1>
      <ManageAdmins />
      <AdminListings />
    </div>
  );
}
