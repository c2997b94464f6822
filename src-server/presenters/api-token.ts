import type { ApiToken, TokenScope } from '../../src-common/schemas/api-token';
import type { ApiTokenDoc } from '../models/api-token';

/** A token for its owner's list: never its hash. */
export function presentApiToken(doc: ApiTokenDoc): ApiToken {
  return {
    id: doc._id,
    name: doc.name,
    scopes: doc.scopes as TokenScope[],
    createdAt: doc.createdAt.toISOString(),
    lastUsedAt: doc.lastUsedAt ? doc.lastUsedAt.toISOString() : null,
  };
}
