import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  API_TOKEN_NAME_MAX,
  API_TOKENS_MAX,
  TOKEN_SCOPES,
  apiTokenInputSchema,
  type ApiToken,
  type TokenScope,
} from '../../../src-common/schemas/api-token';
import { FormError } from '../../components/form/text-field';
import { announce } from '../../components/live-region/announcer';
import { notice, toast } from '../../components/notice/notice-store';
import { useFocusFirstInvalid } from '../../components/use-focus-invalid';
import { ApiError, errorMessage } from '../../lib/api-client';
import { apiTokensApi } from './api-tokens-api';

const SCOPE_HINTS: Record<TokenScope, string> = {
  read: 'Everything a visitor sees, plus your account, offer stats and live notifications.',
  trade: 'Post, edit, close and delete your listings; make, cancel, accept and reject offers.',
};

const secretLabel = (name: string) => `Your new token "${name}". Copy it now: it will not be shown again.`;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

/**
 * Settings -> "API tokens": personal access tokens for bots and tools. A new token's secret is shown
 * here once (the server keeps only its hash); the list shows what each token may do and when it was
 * last used, and revokes it. No token can change the account. A refused token is the name field's error
 * (the scopes' own problem is the form's), and focus goes there; a new secret takes focus and is announced.
 */
export function ApiTokensSection() {
  const id = useId();
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const secretPanel = useRef<HTMLDivElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();

  // Each new secret, even under a name used before, takes focus and is heard.
  useEffect(() => {
    if (!secret) return;
    secretPanel.current?.focus();
    announce(secretLabel(secret.name));
  }, [secret]);

  useEffect(() => {
    apiTokensApi
      .list()
      .then(setTokens, (err) => setLoadError(errorMessage(err, 'Failed to load your API tokens')));
  }, []);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const refuse = (field: PropertyKey | undefined, message: string) => {
      setNameError(field === 'scopes' ? null : message);
      setFormError(field === 'scopes' ? message : null);
      focusFirstInvalid(form);
    };
    const parsed = apiTokenInputSchema.safeParse({ name, scopes });
    if (!parsed.success) return refuse(parsed.error.issues[0].path[0], parsed.error.issues[0].message);
    setBusy(true);
    setNameError(null);
    setFormError(null);
    try {
      const created = await apiTokensApi.create(parsed.data);
      setTokens((list) => [...(list ?? []), created.token]);
      setSecret({ name: created.token.name, value: created.secret });
      setName('');
    } catch (err) {
      refuse(
        err instanceof ApiError ? err.field : undefined,
        errorMessage(err, 'Failed to create the token'),
      );
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (token: ApiToken) => {
    const confirmed = await notice.confirm(
      `Revoke "${token.name}"? Bots using it stop working at once.`,
      'Revoke token',
      { confirm: 'Revoke token', cancel: 'Keep it', destructive: true },
    );
    if (!confirmed) return;
    try {
      await apiTokensApi.revoke(token.id);
      setTokens((list) => (list ?? []).filter((t) => t.id !== token.id));
      toast(`Token "${token.name}" revoked.`, 'success');
    } catch (err) {
      toast(errorMessage(err, 'Failed to revoke the token'), 'error');
    }
  };

  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((current) => TOKEN_SCOPES.filter((s) => (s === scope ? on : current.includes(s))));

  return (
    <section className="card stack settings-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>API tokens</h3>
      <p className="muted">
        Personal access tokens let your bots and tools use the <a href="/api/docs">API</a> as you, with the
        scopes you choose. A token can never change your password, email, name or tokens. At most{' '}
        {API_TOKENS_MAX}.
      </p>

      {secret && (
        <div
          ref={secretPanel}
          className="token-secret stack"
          role="group"
          aria-label={`New token "${secret.name}"`}
          tabIndex={-1}
        >
          <label htmlFor={`${id}-secret`}>{secretLabel(secret.name)}</label>
          <div className="row">
            <input
              id={`${id}-secret`}
              className="input"
              readOnly
              value={secret.value}
              onFocus={(e) => e.target.select()}
            />
            <button
              type="button"
              className="btn"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(secret.value)
                  .then(() => toast('Token copied.', 'success'))
              }
            >
              Copy
            </button>
            <button
              type="button"
              className="btn ghost"
              onClick={() => {
                setSecret(null);
                nameField.current?.focus();
              }}
            >
              Done
            </button>
          </div>
        </div>
      )}

      <form className="stack" onSubmit={(e) => void create(e)} noValidate>
        <label htmlFor={`${id}-name`}>Token name</label>
        <input
          ref={nameField}
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={API_TOKEN_NAME_MAX}
          placeholder="e.g. Price bot"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
        />
        {nameError && (
          <p className="field-error" id={`${id}-name-error`}>
            {nameError}
          </p>
        )}
        <fieldset className="token-scopes">
          <legend>Scopes</legend>
          {TOKEN_SCOPES.map((scope) => (
            <div key={scope} className="checkbox-row">
              <input
                id={`${id}-${scope}`}
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
                aria-describedby={`${id}-${scope}-hint`}
              />
              <div>
                <label htmlFor={`${id}-${scope}`}>{scope}</label>
                <p id={`${id}-${scope}-hint`} className="muted field-hint">
                  {SCOPE_HINTS[scope]}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        <FormError message={formError} />
        <div className="row">
          <button type="submit" className="btn primary" disabled={busy}>
            {busy ? 'Creating...' : 'Create token'}
          </button>
        </div>
      </form>

      {loadError && (
        <p className="error-text" role="alert">
          {loadError}
        </p>
      )}
      {tokens && tokens.length === 0 && <p className="muted">You have no API tokens.</p>}
      {tokens && tokens.length > 0 && (
        <ul className="token-list" aria-label="Your API tokens">
          {tokens.map((token) => (
            <li key={token.id} className="linking-row">
              <div>
                <p className="linking-name">{token.name}</p>
                <p className="muted field-hint">
                  {token.scopes.join(', ')} · created {when(token.createdAt)} · last used{' '}
                  {when(token.lastUsedAt)}
                </p>
              </div>
              <button
                type="button"
                className="btn danger linking-action"
                aria-label={`Revoke ${token.name}`}
                onClick={() => void revoke(token)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
