/**
 * The browser's localStorage for preferences the app can do without: storage may be refused (a private
 * window's quota, a policy), and then a value reads as never stored and a write keeps nothing, so the
 * page goes on as for a first visit.
 */
export const stored = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Refused: kept for this visit only, where the caller keeps it.
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Refused: nothing was kept.
    }
  },
};
