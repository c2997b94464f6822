import { ignFieldSchema } from '../../src-common/schemas/ign';
import { authApi } from './auth-api';
import { currentUser } from './current-user';

/** A typed in-game name read as the server will store it: the name (null to clear), or why it is refused. */
export function readIgn(typed: string): { ign: string | null } | { error: string } {
  const parsed = ignFieldSchema.safeParse(typed);
  return parsed.success ? { ign: parsed.data } : { error: parsed.error.issues[0].message };
}

/** Saves the in-game name through the settings route and keeps the account in step; answers what was stored. */
export async function saveIgn(ign: string | null): Promise<string | null> {
  const saved = await authApi.updateSettings({ ign });
  currentUser.update((user) => ({ ...user, ign: saved.ign }));
  return saved.ign;
}
