import { useId } from 'react';
import type { UserSettings } from '../../../src-common/schemas/auth';
import { toast } from '../../components/notice/notice-store';
import { errorMessage } from '../../lib/api-client';
import { authApi } from '../../lib/auth-api';
import { currentUser } from '../../lib/current-user';

const OPTIONS: Array<{ key: keyof UserSettings; label: string; hint: string }> = [
  {
    key: 'statsPublic',
    label: 'Show my trading stats publicly',
    hint: 'Totals and order counts on your public profile.',
  },
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    hint: 'While you are away, a digest of offers and saved-search matches, at most one every 15 minutes.',
  },
  {
    key: 'directMessages',
    label: 'Let other traders message me first about an offer',
    hint: "Off: in an offer's conversation, the other trader can write only after you have written in it.",
  },
  {
    key: 'showOnline',
    label: "Show when I'm online",
    hint: 'Off: you always appear offline, with no last-seen time.',
  },
];

/** Checkboxes saved as soon as they change; the box flips at once and flips back if the save fails. */
export function PrivacySection({ settings }: { settings: UserSettings }) {
  const id = useId();

  const change = async (key: keyof UserSettings, value: boolean) => {
    currentUser.update((user) => ({ ...user, settings: { ...user.settings, [key]: value } }));
    try {
      const saved = await authApi.updateSettings({ [key]: value });
      currentUser.update((user) => ({ ...user, settings: saved.settings }));
    } catch (err) {
      currentUser.update((user) => ({ ...user, settings: { ...user.settings, [key]: !value } }));
      toast(errorMessage(err, 'Failed to save settings'), 'error');
    }
  };

  return (
    <section className="card stack settings-section" aria-labelledby="privacy-title">
      <h3 id="privacy-title">Privacy &amp; Notifications</h3>
      {OPTIONS.map((option) => (
        <div key={option.key} className="checkbox-row">
          <input
            id={`${id}-${option.key}`}
            type="checkbox"
            checked={settings[option.key]}
            onChange={(event) => void change(option.key, event.target.checked)}
            aria-describedby={`${id}-${option.key}-hint`}
          />
          <div>
            <label htmlFor={`${id}-${option.key}`}>{option.label}</label>
            <p id={`${id}-${option.key}-hint`} className="muted field-hint">
              {option.hint}
            </p>
          </div>
        </div>
      ))}
    </section>
  );
}
