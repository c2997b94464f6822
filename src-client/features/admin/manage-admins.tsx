import { useState } from 'react';
import { newAdminIdSchema } from '../../../src-common/schemas/auth';
import { RawNameHint } from '../../components/badges/raw-name-hint';
import { announce } from '../../components/live-region/announcer';
import { notice } from '../../components/notice/notice-store';
import { useFocusFirstInvalid } from '../../components/use-focus-invalid';
import { errorMessage } from '../../lib/api-client';
import { TextField } from '../../components/form/text-field';
import { useCurrentUser } from '../../lib/current-user';
import { useAdmins } from './admins-store';
import './manage-admins.css';

/** "Manage Admins": the admin list with Remove buttons, and a Discord ID input with "Add Admin". */
export function ManageAdmins() {
  const admins = useAdmins((s) => s.admins);
  const ownDiscordId = useCurrentUser().data?.discord_id;
  const [newId, setNewId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const focusFirstInvalid = useFocusFirstInvalid();

  const add = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    const parsed = newAdminIdSchema.safeParse({ id: newId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      focusFirstInvalid(form);
      return;
    }
    const { id } = parsed.data;
    setBusy(true);
    try {
      await useAdmins.getState().add(id);
      setNewId('');
      announce(`Admin ${id} added.`);
    } catch (err) {
      setError(errorMessage(err, 'Failed to add admin'));
      focusFirstInvalid(form);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    if (
      !(await notice.confirm(`Remove admin ${id}? They lose access to the Admin Panel.`, 'Remove Admin', {
        confirm: 'Remove admin',
        cancel: 'Keep admin',
        destructive: true,
      }))
    )
      return;
    try {
      await useAdmins.getState().remove(id);
    } catch (err) {
      void notice.error(errorMessage(err, 'Failed to remove admin'));
    }
  };

  return (
    <section className="card stack" aria-labelledby="manage-admins-title">
      <h2 id="manage-admins-title">Manage Admins</h2>
      {admins.length === 0 ? (
        <p className="muted">No admins.</p>
      ) : (
        <ul className="row-list" aria-label="Admins">
          {admins.map((admin) => (
            <li key={admin.id}>
              <span className="admin-id">
                <code>{admin.id}</code>
                {admin.username && (
                  <>
                    <span className="muted"> ({admin.username})</span>
                    <RawNameHint name={admin.username} />
                  </>
                )}
                {admin.id === ownDiscordId && <span className="badge admin-self">You</span>}
              </span>
              <button
                type="button"
                className="btn danger small"
                aria-label={`Remove admin ${admin.id}`}
                onClick={() => void remove(admin.id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-add" onSubmit={add} noValidate>
        <TextField
          label="New admin's Discord ID"
          inputMode="numeric"
          autoComplete="off"
          value={newId}
          onValue={(v) => {
            setNewId(v);
            setError(undefined);
          }}
          placeholder="e.g. 123456789012345678"
          error={error}
        />
        <button type="submit" className="btn primary" disabled={busy}>
          Add Admin
        </button>
      </form>
    </section>
  );
}
