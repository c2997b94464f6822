import mongoose from 'mongoose';

/**
 * A new listing waiting to be posted to a saved search's Discord webhook (services/webhooks/). Its `_id`
 * is `<webhook id>:<listing id>`, so a listing is queued at most once per webhook however many of the
 * player's searches find it. It is deleted just before its post is sent: a restart sends what is still
 * queued and never repeats a post already attempted. The listing is kept as it was when it matched.
 */
const webhookDeliverySchema = new mongoose.Schema(
  {
    _id: String,
    webhookId: { type: String, required: true },
    searchId: { type: Number, required: true },
    listing: {
      id: { type: Number, required: true },
      item: { type: String, required: true },
      type: { type: String, required: true },
      quantity: { type: Number, required: true },
      price: { type: Number, required: true },
      seller: { type: String, required: true },
      image: { type: String, default: '' },
    },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const WebhookDeliveryModel = mongoose.model(
  'WebhookDelivery',
  webhookDeliverySchema,
  'webhook_deliveries',
);
/** The listing as it was when it matched: what its post shows. */
export interface DeliveredListing {
  id: number;
  item: string;
  type: string;
  quantity: number;
  price: number;
  seller: string;
  image: string;
}
export type WebhookDeliveryDoc = Omit<mongoose.InferSchemaType<typeof webhookDeliverySchema>, 'listing'> & {
  _id: string;
  listing: DeliveredListing;
};
