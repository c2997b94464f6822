import type { UpdateSettingsInput } from '../../../src-common/schemas/auth';
import type { UpdateSettingsResponse } from '../../../src-common/schemas/user';
import { UserModel, type UserDoc } from '../../models/user';
import { presentCurrentUser } from '../../presenters/user';
import type { PresenceService } from '../presence/presence';
import { loadAccount } from './accounts';

/**
 * Saves only the settings sent, so two checkboxes changed at once in two tabs do not undo each other; the
 * in-game name (`ign`) rides along when sent. A change of "Show when I'm online" reaches the user's
 * presence watchers once it is saved.
 */
export async function updateSettings(
  userId: number,
  input: UpdateSettingsInput,
  presence?: PresenceService,
): Promise<UpdateSettingsResponse> {
  await loadAccount(userId);
  const { ign, ...settings } = input;
  const set: Record<string, unknown> = Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [`settings.${key}`, value]),
  );
  if (ign !== undefined) set.ign = ign;
  const user = await UserModel.findByIdAndUpdate(
    userId,
    { $set: set, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<UserDoc>();
  if (presence && input.showOnline !== undefined) await presence.visibilityChanged(userId, input.showOnline);
  const saved = presentCurrentUser(user!);
  return { settings: saved.settings, ign: saved.ign };
}
