import { UserModel, type UserDoc } from '../../models/user';

/**
 * The accounts' in-game names by id (null when not set, or when the account is gone), each read by `_id`
 * (on the embedded FerretDB any other filter reads every account). Never cached with the public account
 * fields: only the parties of an accepted offer see it.
 */
export async function ignsByIds(ids: Iterable<number>): Promise<Map<number, string | null>> {
  const unique = [...new Set(ids)];
  const docs = await Promise.all(
    unique.map((id) => UserModel.findById(id, { ign: 1 }).lean<Pick<UserDoc, 'ign'>>()),
  );
  return new Map(unique.map((id, i) => [id, docs[i]?.ign ?? null]));
}
