import type { UpdateSettingsInput, UserSettings } from '../../../src-common/schemas/auth';
import { UserModel, type UserDoc } from '../../models/user';
import { presentCurrentUser } from '../../presenters/user';
import type { PresenceService } from '../presence/presence';
import { loadAccount } from './accounts';

/**
 * Saves only the settings sent, so two checkboxes changed at once in two tabs do not undo each other.
 * A change of "Show when I'm online" reaches the user's presence watchers once it is saved.
 */
export async function updateSettings(
  userId: number,
  input: UpdateSettingsInput,
  presence?: PresenceService,
): Promise<UserSettings> {
  await loadAccount(userId);
  const set = Object.fromEntries(Object.entries(input).map(([key, value]) => [`settings.${key}`, value]));
  const user = await UserModel.findByIdAndUpdate(
    userId,
    { $set: set, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<UserDoc>();
  if (presence && input.showOnline !== undefined) await presence.visibilityChanged(userId, input.showOnline);
  return presentCurrentUser(user!).settings;
}
