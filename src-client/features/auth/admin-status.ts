/** Placeholder until the accounts work lands: whether the server says the logged-in user is an admin. */
export function useIsAdmin(): boolean {
  return false;
}
