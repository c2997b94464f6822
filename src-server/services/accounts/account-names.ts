import type { AppDeps } from '../../deps';

/** The current usernames of accounts, from the account cache; an account that is gone is missing. */
export async function usernamesByIds(
  deps: Pick<AppDeps, 'accounts'>,
  ids: Iterable<number>,
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  const accounts = await Promise.all(unique.map((id) => deps.accounts.get(id)));
  const names = new Map<number, string>();
  unique.forEach((id, i) => {
    const account = accounts[i];
    if (account) names.set(id, account.username);
  });
  return names;
}
