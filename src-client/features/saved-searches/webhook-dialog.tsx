import { useId, useRef, useState, type FormEvent } from 'react';
import {
  savedSearchWebhookInputSchema,
  WEBHOOK_URL_MAX,
  type SavedSearch,
} from '../../../src-common/schemas/saved-search';
import { DialogActions } from '../../components/form/dialog-actions';
import { FormError } from '../../components/form/text-field';
import { Modal } from '../../components/modal';
import { toast } from '../../components/notice/notice-store';
import { errorMessage } from '../../lib/api-client';
import { savedSearchesApi } from './saved-searches-api';

interface WebhookDialogProps {
  search: SavedSearch;
  onSaved(search: SavedSearch): void;
  onClose(): void;
}

/**
 * Sets a saved search's Discord webhook URL (a new one turns a webhook Discord refused back on), or
 * removes it. The URL saved before is never shown whole: only its masked form.
 */
export function WebhookDialog({ search, onSaved, onClose }: WebhookDialogProps) {
  const id = useId();
  const urlRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (webhookUrl: string | null) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await savedSearchesApi.setWebhook(search.id, webhookUrl);
      toast(
        webhookUrl
          ? `New listings for "${search.name}" will be posted to Discord.`
          : `The webhook of "${search.name}" was removed.`,
        'success',
      );
      onSaved(saved);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Failed to save the webhook'));
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = savedSearchWebhookInputSchema.safeParse({ webhookUrl: url });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      urlRef.current?.focus();
      return;
    }
    void send(parsed.data.webhookUrl);
  };

  return (
    <Modal title="Discord webhook" onClose={onClose} initialFocus={urlRef}>
      <form className="stack" onSubmit={save} noValidate>
        <p className="muted">
          Each new listing that <strong>{search.name}</strong> finds is posted to a Discord channel, at most
          30 a minute (more are summed up in one post). In Discord, open the channel&apos;s settings, then
          Integrations, Webhooks, and copy the webhook URL.
        </p>
        {search.webhook && (
          <p className="webhook-current">
            Current: <code>{search.webhook.url}</code>
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-url`}>{search.webhook ? 'New webhook URL' : 'Webhook URL'}</label>
          <input
            ref={urlRef}
            id={`${id}-url`}
            className="input"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://discord.com/api/webhooks/…"
            maxLength={WEBHOOK_URL_MAX}
            value={url}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <FormError message={error} />
        {search.webhook && (
          <button
            type="button"
            className="btn small danger webhook-remove"
            disabled={busy}
            onClick={() => void send(null)}
          >
            Remove webhook
          </button>
        )}
        <DialogActions submitLabel="Save webhook" busyLabel="Saving..." busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
