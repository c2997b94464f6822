import type { TradeRole, TradeStatus } from './schemas/trade';

/**
 * The life of a trade after the accept, as pure rules (the server applies them under the trade's unit of
 * work; the client uses them to show only the buttons that apply).
 *
 * While `open`, either party may confirm, ask to cancel or dispute, whatever it did before. Both
 * confirmations complete it, both cancel requests cancel it; a dispute stops it (the admins take over).
 * A completed trade may still be disputed for DISPUTE_WINDOW_MS. An open trade that nobody acted on for
 * AUTO_COMPLETE_MS completes by itself (silence means it went through), and both parties are reminded
 * REMINDER_BEFORE_MS before.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const AUTO_COMPLETE_MS = 14 * DAY_MS;
export const REMINDER_BEFORE_MS = 2 * DAY_MS;
export const DISPUTE_WINDOW_MS = 7 * DAY_MS;
/** Feedback from one trader on another counts towards the totals once per this long. */
export const FEEDBACK_THROTTLE_MS = 7 * DAY_MS;

export type ByRole<T> = Record<TradeRole, T>;

/** What the rules read and write of a trade. */
export interface TradeState {
  status: TradeStatus;
  confirmedBy: ByRole<Date | null>;
  cancelRequestedBy: ByRole<Date | null>;
  dispute: { by: TradeRole; reason: string; at: Date } | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  /** The accept, or the last confirmation or cancel request: the 14 days of silence count from it. */
  activityAt: Date;
}

/** A trade just accepted at `at`: open, and nobody confirmed, asked to cancel or disputed yet. */
export const acceptedTradeState = (at: Date): TradeState => ({
  status: 'open',
  confirmedBy: { buyer: null, seller: null },
  cancelRequestedBy: { buyer: null, seller: null },
  dispute: null,
  completedAt: null,
  cancelledAt: null,
  activityAt: at,
});

export type TradeAction =
  { kind: 'confirm' } | { kind: 'cancel' } | { kind: 'dispute'; reason: string } | { kind: 'auto-complete' };

/** What a change did, for the message the other party gets. */
export type TradeChange = 'confirmed' | 'completed' | 'cancel-requested' | 'cancelled' | 'disputed';

export type TransitionResult =
  | { ok: true; state: TradeState; change: TradeChange }
  /** A repeat (a second confirmation or cancel request): nothing changes, the answer is a 200. */
  | { ok: true; state: TradeState; change: null }
  | { ok: false; message: string };

export const other = (role: TradeRole): TradeRole => (role === 'buyer' ? 'seller' : 'buyer');

const STOPPED: Record<Exclude<TradeStatus, 'open'>, string> = {
  completed: 'This trade is already completed.',
  disputed: 'This trade is disputed: the admins will look into it.',
  cancelled: 'This trade was cancelled.',
};

export const DISPUTE_WINDOW_CLOSED =
  'This trade completed more than 7 days ago and can no longer be disputed.';

/** When an open trade completes by itself (null once it is no longer open). */
export const autoCompleteAt = (state: Pick<TradeState, 'status' | 'activityAt'>): Date | null =>
  state.status === 'open' ? new Date(state.activityAt.getTime() + AUTO_COMPLETE_MS) : null;

/** When the reminder before the auto-completion is due. */
export const reminderAt = (activityAt: Date) =>
  new Date(activityAt.getTime() + AUTO_COMPLETE_MS - REMINDER_BEFORE_MS);

/** Whether a completed trade may still be disputed at `now`. */
export const inDisputeWindow = (completedAt: Date | null, now: Date) =>
  completedAt !== null && now.getTime() - completedAt.getTime() <= DISPUTE_WINDOW_MS;

function confirm(state: TradeState, role: TradeRole, now: Date): TransitionResult {
  if (state.status === 'completed' || state.confirmedBy[role]) return { ok: true, state, change: null };
  if (state.status !== 'open') return { ok: false, message: STOPPED[state.status] };
  const confirmedBy = { ...state.confirmedBy, [role]: now };
  if (!confirmedBy[other(role)]) {
    return { ok: true, state: { ...state, confirmedBy, activityAt: now }, change: 'confirmed' };
  }
  return {
    ok: true,
    state: { ...state, confirmedBy, status: 'completed', completedAt: now, activityAt: now },
    change: 'completed',
  };
}

function cancel(state: TradeState, role: TradeRole, now: Date): TransitionResult {
  if (state.status !== 'open') return { ok: false, message: STOPPED[state.status] };
  if (state.cancelRequestedBy[role]) return { ok: true, state, change: null };
  const cancelRequestedBy = { ...state.cancelRequestedBy, [role]: now };
  if (!cancelRequestedBy[other(role)]) {
    return { ok: true, state: { ...state, cancelRequestedBy, activityAt: now }, change: 'cancel-requested' };
  }
  return {
    ok: true,
    state: { ...state, cancelRequestedBy, status: 'cancelled', cancelledAt: now, activityAt: now },
    change: 'cancelled',
  };
}

function dispute(state: TradeState, role: TradeRole, reason: string, now: Date): TransitionResult {
  if (state.status === 'completed' && !inDisputeWindow(state.completedAt, now)) {
    return { ok: false, message: DISPUTE_WINDOW_CLOSED };
  }
  if (state.status !== 'open' && state.status !== 'completed') {
    return { ok: false, message: STOPPED[state.status] };
  }
  return {
    ok: true,
    state: { ...state, status: 'disputed', dispute: { by: role, reason, at: now } },
    change: 'disputed',
  };
}

function autoComplete(state: TradeState, now: Date): TransitionResult {
  if (state.status !== 'open') return { ok: false, message: STOPPED[state.status] };
  if (now < autoCompleteAt(state)!) return { ok: false, message: 'This trade is not due to complete yet.' };
  return { ok: true, state: { ...state, status: 'completed', completedAt: now }, change: 'completed' };
}

/**
 * The trade after `action` by `role` at `now` (auto-complete is the server's own, so its role is not
 * read), or why it is refused.
 */
export function transition(
  state: TradeState,
  action: TradeAction,
  role: TradeRole,
  now: Date,
): TransitionResult {
  switch (action.kind) {
    case 'confirm':
      return confirm(state, role, now);
    case 'cancel':
      return cancel(state, role, now);
    case 'dispute':
      return dispute(state, role, action.reason, now);
    case 'auto-complete':
      return autoComplete(state, now);
  }
}

/** The actions a party can take on the trade at `now` (the client shows these buttons). */
export function availableActions(
  state: TradeState,
  role: TradeRole,
  now: Date,
): ('confirm' | 'cancel' | 'dispute')[] {
  const actions: ('confirm' | 'cancel' | 'dispute')[] = [];
  if (state.status === 'open') {
    if (!state.confirmedBy[role]) actions.push('confirm');
    if (!state.cancelRequestedBy[role]) actions.push('cancel');
  }
  if (state.status === 'open' || (state.status === 'completed' && inDisputeWindow(state.completedAt, now))) {
    actions.push('dispute');
  }
  return actions;
}

/** Feedback may be left once the trade is over, completed or disputed. */
export const feedbackOpen = (status: TradeStatus) => status === 'completed' || status === 'disputed';

/**
 * Whether a feedback from one trader on another counts towards the totals: not when the last one from
 * the same rater on the same trader that counted is less than FEEDBACK_THROTTLE_MS old.
 */
export const feedbackCounts = (lastCountedAt: Date | null, now: Date) =>
  lastCountedAt === null || now.getTime() - lastCountedAt.getTime() >= FEEDBACK_THROTTLE_MS;
