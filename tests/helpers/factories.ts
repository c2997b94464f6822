import bcrypt from 'bcryptjs';
import { isDuplicateKeyError } from '../../src-server/lib/duplicate-key';
import { signSessionToken } from '../../src-server/lib/tokens';
import { AdminModel } from '../../src-server/models/admin';
import { nextId } from '../../src-server/models/counter';
import { UserModel } from '../../src-server/models/user';
import { usernameFields } from '../../src-server/services/accounts/usernames';
import type { Config } from '../../src-server/config';

let seq = 0;

/**
 * Creates a user under a fresh id, again under the next one when the id or the name derived from it is
 * taken. Test files running side by side share one database but not the server's lock on the counter,
 * and the embedded database does not apply `$inc` atomically, so two of them can draw the same id; the
 * unique indexes are what decide.
 */
async function withFreshUserId<T>(create: (id: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create(await nextId('users'));
    } catch (error) {
      if (!isDuplicateKeyError(error) || attempt === 5) throw error;
    }
  }
}

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
  discordId?: string;
}

/** A verified user written straight to the database, with a session token for it. */
export async function createUser(
  config: Pick<Config, 'JWT_SECRET' | 'JWT_EXPIRES_IN'>,
  overrides: {
    username?: string;
    email?: string;
    password?: string;
    discordId?: string;
    admin?: boolean;
    flags?: string[];
  } = {},
): Promise<TestUser> {
  const password = overrides.password ?? 'correct horse';
  const passwordHash = await bcrypt.hash(password, 4);
  const { id, username, email } = await withFreshUserId(async (id) => {
    seq += 1;
    const username = overrides.username ?? `trader${id}_${seq}`;
    const email = overrides.email ?? `${username.toLowerCase()}@example.test`;
    await UserModel.create({
      _id: id,
      ...usernameFields(username),
      email,
      emailLower: email.toLowerCase(),
      emailVerified: true,
      passwordHash,
      ...(overrides.discordId ? { discordId: overrides.discordId, discordUsername: username } : {}),
      flags: overrides.flags ?? [],
    });
    return { id, username, email };
  });
  if (overrides.admin && overrides.discordId) await AdminModel.create({ _id: overrides.discordId });
  const token = signSessionToken({ id, username, sv: 0 }, config.JWT_SECRET, config.JWT_EXPIRES_IN);
  return { id, username, email, password, token, discordId: overrides.discordId };
}

let adminSeq = 0;

/** An admin: admins are known by their Discord id, so the user gets one of its own. */
export function createAdmin(config: Pick<Config, 'JWT_SECRET' | 'JWT_EXPIRES_IN'>): Promise<TestUser> {
  adminSeq += 1;
  return createUser(config, { discordId: `5${String(adminSeq).padStart(17, '0')}`, admin: true });
}

/** An account that only ever logged in with Discord: no email, no password. */
export async function createDiscordOnlyUser(
  config: Pick<Config, 'JWT_SECRET' | 'JWT_EXPIRES_IN'>,
  discordId: string,
): Promise<Omit<TestUser, 'email' | 'password'>> {
  const { id, username } = await withFreshUserId(async (id) => {
    seq += 1;
    const username = `discorder${id}_${seq}`;
    await UserModel.create({ _id: id, ...usernameFields(username), discordId, discordUsername: username });
    return { id, username };
  });
  return {
    id,
    username,
    token: signSessionToken({ id, username, sv: 0 }, config.JWT_SECRET, config.JWT_EXPIRES_IN),
    discordId,
  };
}

/** Catalogue items the listing and offer tests rely on (from the shipped items.json). */
export const TEST_ITEMS = {
  plain: 'Empty Gas Leech',
  fish: 'Ballan Wraddock',
  weapon: '0 to 180 Rapier',
  armor: '0 to 215 Stone Slab Shield',
  uncategorisedCombat: 'Amber Phial Mine Reagent',
} as const;

/** A valid POST /api/listings body: 1 sell of a plain item at 1 silver each, then the overrides. */
export function listingBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { item: TEST_ITEMS.plain, type: 'sell', quantity: 1, silver: 1, priceMode: 'Each', ...overrides };
}

/** Posts a listing over HTTP (so live events fire) and returns the created listing's JSON. */
export async function postListing(
  baseUrl: string,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number } & Record<string, unknown>> {
  const res = await fetch(`${baseUrl}/api/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(listingBody(overrides)),
  });
  const body = (await res.json()) as { id: number } & Record<string, unknown>;
  if (res.status !== 201) throw new Error(`postListing failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}
