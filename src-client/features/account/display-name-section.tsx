import { useState } from 'react';
import { updateUsernameSchema } from '../../../src-common/schemas/auth';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { authApi } from '../../lib/auth-api';
import { TextField } from '../../components/form/text-field';
import { useFocusFirstInvalid } from '../../components/use-focus-invalid';
import { currentUser } from '../../lib/current-user';

/**
 * Display name: view, editing, saving, back to view. A blank or unchanged name just cancels. A refused name
 * is the field's error, and focus goes back to the field (the Save button is disabled while saving).
 */
export function DisplayNameSection({ username }: { username: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const focusFirstInvalid = useFocusFirstInvalid();

  const cancel = () => {
    setDraft(null);
    setError(undefined);
  };

  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const refuse = (message: string) => {
      setError(message);
      focusFirstInvalid(form);
    };
    const value = (draft ?? '').trim();
    if (!value || value === username) return cancel();
    const parsed = updateUsernameSchema.safeParse({ username: value });
    if (!parsed.success) return refuse(parsed.error.issues[0].message);
    setSaving(true);
    try {
      const result = await authApi.updateUsername(parsed.data.username);
      currentUser.carryOver(result.newToken, (user) => ({ ...user, username: result.username }));
      useSession.getState().setToken(result.newToken);
      setDraft(null);
      setSaved(true);
    } catch (err) {
      refuse(errorMessage(err, 'Failed to update username'));
    } finally {
      setSaving(false);
    }
  };

  if (draft === null) {
    return (
      <section className="card stack settings-section" aria-labelledby="display-name-title">
        <h3 id="display-name-title">Display Name</h3>
        <div className="row settings-value">
          <span className="settings-name">{username}</span>
          <button
            type="button"
            className="btn small"
            onClick={() => {
              setDraft(username);
              setSaved(false);
            }}
          >
            Edit
          </button>
        </div>
        {saved && (
          <p className="success-text" role="status">
            Display name updated.
          </p>
        )}
      </section>
    );
  }

  return (
    <section className="card stack settings-section" aria-labelledby="display-name-title">
      <h3 id="display-name-title">Display Name</h3>
      <form className="stack" onSubmit={save} noValidate>
        <TextField
          label="Display name"
          autoComplete="username"
          value={draft}
          error={error}
          onValue={(v) => {
            setDraft(v);
            setError(undefined);
          }}
          autoFocus
        />
        <div className="row">
          <button type="submit" className="btn primary small" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
          <button type="button" className="btn small" onClick={cancel} disabled={saving}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
