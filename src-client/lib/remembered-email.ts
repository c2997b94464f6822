import { stored } from './stored';

const KEY = 'signInEmail';

/**
 * The address this browser last signed up or signed in with, filled into the email sign-in form: a new
 * player who follows the mailed link and "Continue to Login" then types only the password. Forgotten on
 * logging out, so the next person at a shared computer does not see it. Where storage is refused the form
 * starts empty, as before.
 */
export const rememberedEmail = {
  get: (): string => stored.get(KEY) ?? '',
  set: (email: string): void => stored.set(KEY, email),
  forget: (): void => stored.remove(KEY),
};
