import type { ReportReason, ReportTargetType } from '../../../src-common/schemas/report';
import { ApiError, errorMessage } from '../../lib/api-client';

/** The reasons in a player's words, in the order the report dialog offers them. */
export const REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  impersonation: 'Impersonating someone',
  offensive: 'Offensive or abusive',
  spam: 'Spam',
  'price-manipulation': 'Price manipulation',
  'trade-dispute': 'A trade that went wrong',
  other: 'Something else',
};

/** "listing", "player" ...: what a report is about, as the dialog and the queue name it. */
export const TARGET_NOUNS: Record<ReportTargetType, string> = {
  listing: 'listing',
  user: 'player',
  offer: 'offer',
  trade: 'trade',
};

export const REPORT_THANKS = 'Thanks, an admin will look at it';

/** A wait in seconds as a person says it: "30 seconds", "about 1 minute", "about 2 hours". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** What the dialog says when a report is refused. */
export function reportErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 409) return 'You already reported this. An admin will look at your report.';
    if (err.status === 429) {
      const wait = err.retryAfter
        ? ` Please try again in ${waitText(err.retryAfter)}.`
        : ' Please try again later.';
      return `You have sent many reports in a short time.${wait}`;
    }
    if (err.status === 404) return 'This no longer exists, so it cannot be reported.';
  }
  return errorMessage(err, 'Failed to send the report');
}
