import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  CONFIRM_USERNAME_MESSAGE,
  deleteAccountSchema,
} from '../../../../src-common/schemas/account-deletion';
import type { CurrentUser } from '../../../../src-common/schemas/user';
import { Modal } from '../../../components/modal';
import { toast } from '../../../components/notice/notice-store';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * "Delete my account": says what goes and what stays, then asks for the current password (or, for a
 * Discord-only account, the username typed out). The server ends every session; this device logs out
 * and goes home.
 */
export function DeleteAccountDialog({ user, onClose }: { user: CurrentUser; onClose(): void }) {
  const id = useId();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const hasPassword = user.email !== null;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasPassword && value.trim() !== user.username) {
      setError(`${CONFIRM_USERNAME_MESSAGE}: ${user.username}`);
      return inputRef.current?.focus();
    }
    const parsed = deleteAccountSchema.safeParse(
      hasPassword ? { currentPassword: value } : { confirm: value.trim() },
    );
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return inputRef.current?.focus();
    }
    setBusy(true);
    setError(null);
    try {
      await apiRequest('DELETE', '/auth/me', { body: parsed.data });
      useSession.getState().clear();
      navigate('/alllistings');
      toast('Your account is deleted. Goodbye!', 'success');
    } catch (err) {
      setError(errorMessage(err, 'Failed to delete your account'));
      setBusy(false);
      inputRef.current?.focus();
    }
  };

  return (
    <Modal title="Delete my account" onClose={onClose} role="alertdialog" initialFocus={inputRef}>
      <form className="stack delete-account-form" onSubmit={(e) => void submit(e)} noValidate>
        <p>This cannot be undone.</p>
        <div className="delete-account-lists">
          <div>
            <p className="delete-account-heading">Deleted for good</p>
            <ul>
              <li>your listings</li>
              <li>your saved searches</li>
              <li>your notifications</li>
              <li>your API tokens</li>
              <li>the players you blocked</li>
              <li>your pending offers (withdrawn)</li>
            </ul>
          </div>
          <div>
            <p className="delete-account-heading">Kept for the other traders</p>
            <ul>
              <li>your trades and the feedback on them, shown as &ldquo;Deleted user&rdquo;</li>
            </ul>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-confirm`}>
            {hasPassword ? 'Current password' : `Type your username (${user.username}) to confirm`}
          </label>
          <input
            ref={inputRef}
            id={`${id}-confirm`}
            className="input"
            type={hasPassword ? 'password' : 'text'}
            autoComplete={hasPassword ? 'current-password' : 'off'}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
          {error && (
            <p className="field-error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="row delete-account-actions">
          <button type="button" className="btn ghost" onClick={onClose}>
            Keep my account
          </button>
          <button type="submit" className="btn danger" disabled={busy}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
