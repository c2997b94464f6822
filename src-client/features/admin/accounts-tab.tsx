import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { accountSearchQuerySchema, type AdminAccount } from '../../../src-common/schemas/admin-account';
import { suspensionEndText } from '../../components/suspension/suspension-text';
import { errorMessage } from '../../lib/api-client';
import { countLabel } from '../../lib/count-label';
import { ActionDialog } from './action-dialog';
import { moderationApi } from './moderation-api';
import {
  EMPTY_SUSPENSION,
  SuspendFields,
  suspendBody,
  suspendProblem,
  type SuspendDraft,
} from './suspend-fields';

type Acting = { account: AdminAccount; action: 'suspend' | 'unsuspend' };

function SuspendDialog({
  account,
  onClose,
  onDone,
}: {
  account: AdminAccount;
  onClose(): void;
  onDone(): void;
}) {
  const [draft, setDraft] = useState<SuspendDraft>(EMPTY_SUSPENSION);
  return (
    <ActionDialog
      title={`Suspend ${account.username}`}
      question={
        <p>
          {account.username} is logged out everywhere, cannot log in, and their listings leave the market
          until the suspension ends. Their pending offers, and the offers on their listings, are rejected.
        </p>
      }
      confirmLabel="Suspend user"
      destructive
      check={() => suspendProblem(draft)}
      run={async () => {
        const { suspension } = await moderationApi.suspend(account.id, suspendBody(draft));
        return `${account.username} is suspended ${suspensionEndText(suspension?.until ?? null)}.`;
      }}
      onClose={onClose}
      onDone={onDone}
    >
      <SuspendFields draft={draft} onChange={setDraft} />
    </ActionDialog>
  );
}

function AccountRow({ account, onAct }: { account: AdminAccount; onAct(action: Acting['action']): void }) {
  const suspended = account.status === 'suspended';
  return (
    <li className="card account-row">
      <div className="stack account-main">
        <p className="account-name">
          <Link to={`/profile/${account.id}`}>{account.username}</Link>{' '}
          <span className="muted">#{account.id}</span>{' '}
          {suspended ? (
            <span className="badge profile-suspended">Suspended</span>
          ) : (
            <span className="badge">Active</span>
          )}
        </p>
        {suspended && account.suspension && (
          <p className="account-suspension">
            Suspended {suspensionEndText(account.suspension.until)}: {account.suspension.reason}
          </p>
        )}
        <p className="muted account-facts">
          Joined {new Date(account.joinedAt).toLocaleDateString('en-GB', { dateStyle: 'medium' })} ·{' '}
          {countLabel(account.listings, 'listing', 'listings')} ·{' '}
          {countLabel(account.trades, 'trade', 'trades')} ·{' '}
          {countLabel(account.openReports, 'open report', 'open reports')}
        </p>
      </div>
      {suspended ? (
        <button type="button" className="btn small" onClick={() => onAct('unsuspend')}>
          Lift suspension<span className="visually-hidden"> of {account.username}</span>
        </button>
      ) : (
        <button type="button" className="btn small danger" onClick={() => onAct('suspend')}>
          Suspend<span className="visually-hidden"> {account.username}</span>
        </button>
      )}
    </li>
  );
}

/** Users: find accounts by name, email or Discord id; suspend one, or lift a suspension. */
export function AccountsTab() {
  const id = useId();
  const [q, setQ] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [accounts, setAccounts] = useState<AdminAccount[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [acting, setActing] = useState<Acting | null>(null);

  const search = async (query: string) => {
    setBusy(true);
    setError(null);
    try {
      setAccounts(await moderationApi.accounts(query));
      setSearched(query);
    } catch (err) {
      setError(errorMessage(err, 'Failed to search accounts'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = accountSearchQuerySchema.safeParse({ q });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    void search(parsed.data.q);
  };
  const done = () => {
    setActing(null);
    if (searched !== null) void search(searched);
  };

  return (
    <section className="stack" aria-labelledby="accounts-title">
      <h2 id="accounts-title">Users</h2>
      <form className="row account-search" role="search" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-q`}>Name, email or Discord ID</label>
          <input
            id={`${id}-q`}
            className="input"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <button type="submit" className="btn primary" disabled={busy}>
          {busy ? 'Searching...' : 'Search'}
        </button>
      </form>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {accounts && (
        <div role="status" className="muted">
          {accounts.length === 0
            ? `No account matches "${searched}".`
            : `${countLabel(accounts.length, 'account', 'accounts')} found.`}
        </div>
      )}
      {accounts && accounts.length > 0 && (
        <ul className="account-list" aria-label="Accounts">
          {accounts.map((a) => (
            <AccountRow key={a.id} account={a} onAct={(action) => setActing({ account: a, action })} />
          ))}
        </ul>
      )}
      {acting?.action === 'suspend' && (
        <SuspendDialog account={acting.account} onClose={() => setActing(null)} onDone={done} />
      )}
      {acting?.action === 'unsuspend' && (
        <ActionDialog
          title={`Lift the suspension of ${acting.account.username}`}
          question={
            <p>{acting.account.username} can log in again and their listings return to the market.</p>
          }
          confirmLabel="Lift suspension"
          run={async () => {
            await moderationApi.unsuspend(acting.account.id);
            return `The suspension of ${acting.account.username} is lifted.`;
          }}
          onClose={() => setActing(null)}
          onDone={done}
        />
      )}
    </section>
  );
}
