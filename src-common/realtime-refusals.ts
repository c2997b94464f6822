import { PRESENCE_IDS_MAX, PRESENCE_WATCH_MAX } from './presence';

/**
 * The `error` texts a client event's acknowledgement refuses with: one home for the socket handlers that
 * send them, the payload schemas that produce them and the AsyncAPI document that lists them.
 */
export const REFUSALS = {
  listingId: 'listingId must be a positive integer',
  listingNotFound: 'Listing not found',
  itemName: 'item must be an item name',
  itemNotFound: 'Item not found',
  userIdsArray: 'userIds must be an array of user ids',
  userIds: 'userIds must be user ids',
  tooManyUserIds: `At most ${PRESENCE_IDS_MAX} userIds per call`,
  tooManyWatched: `At most ${PRESENCE_WATCH_MAX} users watched per connection`,
  presenceUnavailable: 'Presence is unavailable right now',
} as const;
