import { useState, type FormEvent } from 'react';
import { IGN_NAME_MAX } from '../../../src-common/schemas/ign';
import { TextField } from '../../components/form/text-field';
import { useFocusFirstInvalid } from '../../components/use-focus-invalid';
import { errorMessage } from '../../lib/api-client';
import { readIgn, saveIgn } from '../../lib/ign';

/**
 * The in-game name: the character name the other party of an accepted offer looks for in the game. Saved
 * with its own button; a refused name is the field's error and focus returns to the field.
 */
export function IgnSection({ ign }: { ign: string | null }) {
  const [draft, setDraft] = useState(ign ?? '');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const refuse = (message: string) => {
      setError(message);
      focusFirstInvalid(form);
    };
    const read = readIgn(draft);
    if ('error' in read) return refuse(read.error);
    setSaving(true);
    try {
      const stored = await saveIgn(read.ign);
      setDraft(stored ?? '');
      setSaved(stored ? `In-game name saved: ${stored}.` : 'In-game name removed.');
    } catch (err) {
      refuse(errorMessage(err, 'Failed to save your in-game name'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card stack settings-section" aria-labelledby="ign-title">
      <h3 id="ign-title">In-game name</h3>
      <form className="stack" onSubmit={save} noValidate>
        <TextField
          label="Brighter Shores character name"
          value={draft}
          error={error}
          autoComplete="off"
          spellCheck={false}
          hint={`Shown only to the other trader once an offer between you is accepted, so you can find each other in the game. Letters, numbers and spaces, up to ${IGN_NAME_MAX}, with your #number if your name has one (Name#566). Leave it empty to remove it.`}
          onValue={(value) => {
            setDraft(value);
            setError(undefined);
            setSaved(null);
          }}
        />
        <div className="row">
          <button type="submit" className="btn primary small" disabled={saving}>
            {saving ? 'Saving...' : 'Save in-game name'}
          </button>
        </div>
        <p className="success-text" role="status">
          {saved}
        </p>
      </form>
    </section>
  );
}
