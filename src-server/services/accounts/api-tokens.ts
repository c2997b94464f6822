import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInput,
  type TokenScope,
} from '../../../src-common/schemas/api-token';
import type { TokenPayload } from '../../../src-common/schemas/user';
import { conflict, notFound } from '../../errors';
import { atomicWrite } from '../../lib/transactions';
import { ApiTokenModel, type ApiTokenDoc } from '../../models/api-token';
import { nextId } from '../../models/counter';
import { UserModel } from '../../models/user';
import { presentApiToken } from '../../presenters/api-token';
import { isSuspended, type StoredSuspension } from '../../policies/suspension';
import type { Publisher } from '../../realtime/publish';

/**
 * Personal access tokens: `bsm_pat_` and 256 random bits (base64url), shown once at creation and stored
 * only as their sha256, so the database never holds a usable token. A token has no expiry: it works
 * until its owner revokes it, which refuses it on the next request and ends its sockets at once.
 */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Last use is written at most this often per token, so a busy bot does not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface VerifiedApiToken {
  tokenId: number;
  scopes: TokenScope[];
  user: TokenPayload;
}

export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

export async function createApiToken(userId: number, input: ApiTokenInput): Promise<ApiTokenCreated> {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  // The count and the insert run under the account's key, so two creations at once cannot pass 10.
  const doc = await atomicWrite(`api-tokens:${userId}`, async () => {
    if ((await ApiTokenModel.countDocuments({ userId })) >= API_TOKENS_MAX)
      throw conflict(`You can have at most ${API_TOKENS_MAX} API tokens. Revoke one first.`);
    const created = await ApiTokenModel.create({
      _id: await nextId('apiTokens'),
      userId,
      name: input.name,
      scopes: input.scopes,
      tokenHash: hashSecret(secret),
    });
    return created.toObject() as ApiTokenDoc;
  });
  return { token: presentApiToken(doc), secret };
}

export async function listApiTokens(userId: number): Promise<ApiToken[]> {
  const docs = await ApiTokenModel.find({ userId }).lean<ApiTokenDoc[]>();
  return docs.sort((a, b) => a._id - b._id).map(presentApiToken);
}

/**
 * Deletes the token and drops every socket that connected with it, on every process. Given the publisher
 * alone, not AppDeps: deps.ts reaches this module through the middlewares, so naming it would be a cycle.
 */
export async function revokeApiToken(deps: { publisher: Publisher }, userId: number, tokenId: number) {
  const { deletedCount } = await ApiTokenModel.deleteOne({ _id: tokenId, userId });
  if (!deletedCount) throw notFound('API token');
  deps.publisher.apiTokenRevoked(tokenId);
}

/** Drops every socket that connected with one of the user's tokens, on every process (a suspension). */
export async function disconnectApiTokens(deps: { publisher: Publisher }, userId: number): Promise<void> {
  const tokens = await ApiTokenModel.find({ userId }, { _id: 1 }).lean<{ _id: number }[]>();
  for (const { _id } of tokens) deps.publisher.apiTokenRevoked(_id);
}

/**
 * The token's owner and scopes, or null for an unknown (or revoked) token, a deleted account or a
 * suspended one. The account is read on every use, so a suspension refuses its tokens at once everywhere.
 */
export async function verifyApiToken(secret: string): Promise<VerifiedApiToken | null> {
  const doc = await ApiTokenModel.findOne({ tokenHash: hashSecret(secret) }).lean<ApiTokenDoc>();
  if (!doc) return null;
  const user = await UserModel.findById(doc.userId, { username: 1, suspension: 1 }).lean<{
    username: string;
    suspension?: StoredSuspension | null;
  }>();
  if (!user || isSuspended(user.suspension)) return null;
  const now = Date.now();
  if (!doc.lastUsedAt || now - doc.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await ApiTokenModel.updateOne({ _id: doc._id }, { $set: { lastUsedAt: new Date(now) } });
  }
  return {
    tokenId: doc._id,
    scopes: doc.scopes as TokenScope[],
    user: { id: doc.userId, username: user.username },
  };
}
