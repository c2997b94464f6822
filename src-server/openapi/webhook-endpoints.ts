import { z } from 'zod';
import { savedSearchSchema, savedSearchWebhookInputSchema } from '../../src-common/schemas/saved-search';
import { idParam, json, type Endpoint } from './endpoint';

/** Discord webhooks of saved searches: each new listing a search finds is posted to its channel. */
export const WEBHOOK_ENDPOINTS: Endpoint[] = [
  {
    method: 'put',
    path: '/api/saved-searches/{id}/webhook',
    summary:
      "Set (and turn on again) or, with null, remove an own saved search's Discord webhook; new matches are " +
      'posted to it as embeds, at most 30 a minute (the rest summed up in one post)',
    tag: 'Saved searches',
    access: 'read',
    params: idParam,
    body: savedSearchWebhookInputSchema,
    ok: json('The saved search, its webhook URL masked.', savedSearchSchema),
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/saved-searches/{id}/webhook/test',
    summary: "Post one sample listing to an own saved search's Discord webhook",
    tag: 'Saved searches',
    access: 'read',
    params: idParam,
    ok: json('Discord took the post.', z.object({ ok: z.literal(true) })),
    errors: [404, 409, 502],
  },
];
