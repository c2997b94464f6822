const KEY = 'signInEmail';

/**
 * The address this browser last signed up or signed in with, filled into the email sign-in form: a new
 * player who follows the mailed link and "Continue to Login" then types only the password. Forgotten on
 * logging out, so the next person at a shared computer does not see it. Storage may be refused (a
 * private window's quota, a policy): the form then starts empty, as before.
 */
export const rememberedEmail = {
  get(): string {
    try {
      return localStorage.getItem(KEY) ?? '';
    } catch {
      return '';
    }
  },
  set(email: string): void {
    try {
      localStorage.setItem(KEY, email);
    } catch {
      // Not remembered: the form starts empty next time.
    }
  },
  forget(): void {
    try {
      localStorage.removeItem(KEY);
    } catch {
      // Nothing was kept.
    }
  },
};
