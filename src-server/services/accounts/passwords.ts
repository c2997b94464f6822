import bcrypt from 'bcryptjs';

const COST = 10;
/** Compared against when no account matches, so a wrong email takes as long as a wrong password. */
const DUMMY_HASH = bcrypt.hashSync('no account has this password', COST);

export const hashPassword = (password: string) => bcrypt.hash(password, COST);

export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return ok && Boolean(hash);
}
