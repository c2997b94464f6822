import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AccountsTab } from '../../features/admin/accounts-tab';
import { useAdmins } from '../../features/admin/admins-store';
import { AuditTab } from '../../features/admin/audit-tab';
import { ManageAdmins } from '../../features/admin/manage-admins';
import { ReportsTab } from '../../features/admin/reports-tab';
import { AdminListings } from '../../features/listings/components/admin-listings';
import { ProfileTabs, type TabSpec } from '../../features/profile/components/profile-tabs';
import { useSession } from '../../lib/session';
import '../../features/admin/moderation.css';

/** The panel's tabs; the chosen one is kept in the address (`?tab=`), so a reload or a link opens it. */
const TABS: readonly TabSpec[] = [
  { id: 'reports', label: 'Reports', panel: <ReportsTab /> },
  { id: 'users', label: 'Users', panel: <AccountsTab /> },
  { id: 'audit', label: 'Audit log', panel: <AuditTab /> },
  { id: 'admins', label: 'Admins', panel: <ManageAdmins /> },
  { id: 'listings', label: 'All Listings', panel: <AdminListings /> },
];

/** The admin dashboard: hidden when the server says "not an admin", an error line for anything else. */
export function Component() {
  const token = useSession((s) => s.token);
  const status = useAdmins((s) => s.status);
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'reports';

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
    <div className="stack admin-panel">
      <h1 className="page-title">Admin Panel</h1>
      <ProfileTabs
        label="Admin sections"
        tabs={TABS}
        selected={tab}
        onSelect={(id) => setParams({ tab: id }, { replace: true })}
      />
    </div>
  );
}
