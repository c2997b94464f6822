import { offerInputSchema, type Offer, type OfferAction } from '../../../src-common/schemas/offer';
import { api, errorMessage, SessionEndedError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { notice, toast } from '../../components/notice/notice-store';
import { selectListing, useListings } from '../../lib/listings/listings-store';
import { offerActions } from './offers-store';

/** How long the player can read that the session ended before the browser goes home. */
export const SESSION_EXPIRY_REDIRECT_MS = 2000;
const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

type GoHome = () => void;

const isOffer = (value: unknown): value is Offer =>
  typeof value === 'object' && value !== null && 'id' in value && 'version' in value && 'status' in value;

/** An ended session says why and goes home; anything else shows the server's message or the fallback. */
function reportFailure(err: unknown, fallback: string, goHome: GoHome): void {
  if (err instanceof SessionEndedError) {
    notice.error(err.explain(SESSION_EXPIRED));
    setTimeout(goHome, SESSION_EXPIRY_REDIRECT_MS);
    return;
  }
  notice.error(errorMessage(err, fallback));
}

const loggedIn = () => useSession.getState().token !== null;

/** Resolves true when the offer was made. `amount` is copper for `quantity` items. */
export async function submitOffer(
  offer: { listingId: number; quantity: number; amount: number; message: string },
  goHome: GoHome,
): Promise<boolean> {
  if (!loggedIn()) {
    notice.warning('Please log in to make an offer');
    return false;
  }
  const parsed = offerInputSchema.safeParse({
    listing_id: offer.listingId,
    quantity: offer.quantity,
    offer_amount: offer.amount,
    message: offer.message,
  });
  if (!parsed.success) {
    notice.error(parsed.error.issues[0].message);
    return false;
  }
  try {
    const created = await api.post<unknown>('/offers', parsed.data);
    if (isOffer(created)) offerActions.upsert(created);
    toast('Offer submitted successfully!', 'success');
    return true;
  } catch (err) {
    reportFailure(err, 'Failed to submit offer', goHome);
    return false;
  }
}

/** The listing owner accepts or rejects a pending offer. */
export async function respondToOffer(offer: Offer, action: OfferAction, goHome: GoHome): Promise<void> {
  if (!loggedIn()) {
    notice.warning('Please log in to manage offers');
    return;
  }
  try {
    const updated = await api.put<unknown>(`/offers/${offer.id}`, { action });
    if (isOffer(updated)) offerActions.upsert(updated);
    toast(`Offer ${action}ed successfully!`, 'success');
  } catch (err) {
    reportFailure(err, `Failed to ${action} offer`, goHome);
  }
}

/**
 * The offerer withdraws a pending offer, after confirming; the question names the listing's item (`item`
 * when the caller knows it, else the listing's from the store). Resolves true once it is cancelled.
 */
export async function cancelOffer(
  offer: Pick<Offer, 'id' | 'listing_id'> & { item?: string },
  goHome: GoHome,
): Promise<boolean> {
  if (!loggedIn()) {
    notice.warning('Please log in to cancel offers');
    return false;
  }
  const item = offer.item ?? selectListing(offer.listing_id)(useListings.getState())?.item;
  const question = item ? `Cancel your offer on ${item}?` : 'Cancel your offer?';
  const choice = { confirm: 'Cancel offer', cancel: 'Keep offer', destructive: true };
  if (!(await notice.confirm(question, 'Cancel offer', choice))) return false;
  try {
    await api.delete(`/offers/${offer.id}`);
    offerActions.remove(offer.id);
    toast('Offer cancelled successfully!', 'success');
    return true;
  } catch (err) {
    reportFailure(err, 'Failed to cancel offer', goHome);
    return false;
  }
}
