import { useEffect, useState } from 'react';
import { TextField } from '../../../components/form/text-field';
import { useCurrentUser } from '../../../lib/current-user';
import { readIgn, saveIgn } from '../../../lib/ign';

/** The post form's in-game name: prefilled from the account, saved to it with the listing when changed. */
export function useIgnField() {
  const { data: user } = useCurrentUser();
  const stored = user?.ign ?? null;
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => setTyped((t) => t ?? (user ? (stored ?? '') : null)), [user, stored]);
  const value = typed ?? stored ?? '';

  return {
    value,
    error,
    change(next: string) {
      setTyped(next);
      setError(undefined);
    },
    /** The check before saving: false (with the field's error) when the name is refused. */
    check(): boolean {
      const read = readIgn(value);
      if ('error' in read) setError(read.error);
      return !('error' in read);
    },
    /** Saves the name to the account when it differs from what the account holds. */
    async save(): Promise<void> {
      const read = readIgn(value);
      if ('error' in read || read.ign === stored || !user) return;
      setTyped(await saveIgn(read.ign));
    },
    fail(message: string) {
      setError(message);
    },
  };
}

export function IgnField({ field, disabled }: { field: ReturnType<typeof useIgnField>; disabled: boolean }) {
  return (
    <TextField
      label="Your in-game name (optional)"
      value={field.value}
      error={field.error}
      disabled={disabled}
      autoComplete="off"
      spellCheck={false}
      hint="Your Brighter Shores character name, with its #number if it has one. Only the other trader sees it, once you accept their offer or they accept yours. Saved to your account."
      onValue={field.change}
    />
  );
}
