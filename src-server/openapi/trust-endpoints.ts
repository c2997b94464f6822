import { reputationSchema } from '../../src-common/schemas/reputation';
import {
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchSchema,
} from '../../src-common/schemas/saved-search';
import { idParam, json, noContent, type Endpoint } from './endpoint';

/** Trust and alerts: a trader's reputation, and saved searches that alert on new listings. */
export const TRUST_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/users/{id}/reputation',
    summary: "A trader's trades, answer rate and usual response time",
    tag: 'Users',
    access: 'optional',
    params: idParam,
    ok: json('The reputation.', reputationSchema),
    errors: [403, 404],
  },
  {
    method: 'get',
    path: '/api/saved-searches',
    summary: "The caller's saved searches",
    tag: 'Saved searches',
    access: 'read',
    ok: json('The searches, oldest first.', savedSearchListSchema),
  },
  {
    method: 'post',
    path: '/api/saved-searches',
    summary: 'Save a search (at most 20); new listings it finds send a saved_search_match notification',
    tag: 'Saved searches',
    access: 'read',
    body: savedSearchInputSchema,
    ok: { 201: { description: 'The saved search.', schema: savedSearchSchema } },
    errors: [400, 409],
  },
  {
    method: 'delete',
    path: '/api/saved-searches/{id}',
    summary: 'Delete an own saved search',
    tag: 'Saved searches',
    access: 'read',
    params: idParam,
    ok: noContent,
    errors: [404],
  },
];
