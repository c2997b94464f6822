import { ACCOUNT_SEARCH_LIMIT, type AdminAccount } from '../../../src-common/schemas/admin-account';
import type { AppDeps } from '../../deps';
import { ListingModel } from '../../models/listing';
import { ReportModel, type ReportDoc } from '../../models/report';
import { ReputationModel, type ReputationDoc } from '../../models/reputation';
import { UserModel, type UserDoc } from '../../models/user';
import { isSuspended, type StoredSuspension } from '../../policies/suspension';

type Deps = Pick<AppDeps, 'listings'>;
type FoundUser = Pick<UserDoc, '_id' | 'username' | 'createdAt'> & { suspension?: StoredSuspension | null };
const FIELDS = { username: 1, createdAt: 1, suspension: 1 } as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * GET /api/admin/accounts: accounts whose name or email holds `q` (case-blind), or whose Discord ID is
 * `q`, at most ACCOUNT_SEARCH_LIMIT of them: exact matches first (found by the unique indexes), then the
 * others by name. The embedded FerretDB matches a pattern by reading every account, which is fine for an
 * admin's occasional search, and the answer stays bounded.
 */
export async function searchAccounts(deps: Deps, q: string): Promise<AdminAccount[]> {
  const lower = q.toLowerCase();
  const [exact, partial] = await Promise.all([
    UserModel.find({ $or: [{ usernameLower: lower }, { emailLower: lower }, { discordId: q }] }, FIELDS)
      .limit(ACCOUNT_SEARCH_LIMIT)
      .lean<FoundUser[]>(),
    UserModel.find(
      {
        $or: [
          { usernameLower: { $regex: escapeRegExp(lower) } },
          { emailLower: { $regex: escapeRegExp(lower) } },
        ],
      },
      FIELDS,
    )
      .limit(ACCOUNT_SEARCH_LIMIT)
      .lean<FoundUser[]>(),
  ]);
  const seen = new Set(exact.map((u) => u._id));
  const rest = partial
    .filter((u) => !seen.has(u._id))
    .sort((a, b) => a.username.localeCompare(b.username) || a._id - b._id);
  return describeAccounts(deps, [...exact, ...rest].slice(0, ACCOUNT_SEARCH_LIMIT));
}

async function describeAccounts(deps: Deps, users: FoundUser[]): Promise<AdminAccount[]> {
  const ids = users.map((u) => u._id);
  const now = new Date();
  const suspended = users.filter((u) => isSuspended(u.suspension, now));
  const [reputations, openReports, hiddenListings] = await Promise.all([
    ReputationModel.find({ _id: { $in: ids } }, { trades: 1 }).lean<
      Pick<ReputationDoc, '_id' | 'trades'>[]
    >(),
    ReportModel.find(
      { status: 'open', targetUserIds: { $in: ids } },
      { reporterId: 1, targetUserIds: 1 },
    ).lean<Pick<ReportDoc, 'reporterId' | 'targetUserIds'>[]>(),
    // A suspended seller's listings are out of the listing index while it lasts: count them in the database.
    Promise.all(
      suspended.map(async (u) => [u._id, await ListingModel.countDocuments({ userId: u._id })] as const),
    ),
  ]);
  const trades = new Map(reputations.map((r) => [r._id, r.trades]));
  const listingCounts = new Map(hiddenListings);
  return users.map((user) => {
    const suspension = isSuspended(user.suspension, now) ? user.suspension! : null;
    return {
      id: user._id,
      username: user.username,
      status: suspension ? 'suspended' : 'active',
      suspension: suspension
        ? { reason: suspension.reason, until: suspension.until ? suspension.until.toISOString() : null }
        : null,
      joinedAt: new Date(user.createdAt).toISOString(),
      listings: listingCounts.get(user._id) ?? [...deps.listings.idsOfUser(user._id)].length,
      trades: trades.get(user._id) ?? 0,
      // Reports about the account, not those it filed on an offer or a trade it was part of.
      openReports: openReports.filter((r) => r.targetUserIds.includes(user._id) && r.reporterId !== user._id)
        .length,
    };
  });
}
