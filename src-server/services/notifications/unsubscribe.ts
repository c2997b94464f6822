import { verifyUnsubscribeToken } from '../../lib/unsubscribe-tokens';
import { UserModel } from '../../models/user';

/**
 * What an email's unsubscribe link does: turns the user's `emailNotifications` off. Answers false for a
 * token that is not valid, or whose account no longer exists. Doing it twice is harmless.
 */
export async function unsubscribeFromEmail(token: string, secret: string): Promise<boolean> {
  const userId = verifyUnsubscribeToken(token, secret);
  if (userId === null) return false;
  const result = await UserModel.updateOne(
    { _id: userId },
    { $set: { 'settings.emailNotifications': false }, $inc: { version: 1 } },
  );
  return result.matchedCount === 1;
}
