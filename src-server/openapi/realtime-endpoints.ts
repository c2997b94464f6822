import type { Endpoint } from './endpoint';

/** The realtime API's documents: the AsyncAPI document and the page that renders it. */
export const REALTIME_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/asyncapi.json',
    summary: 'The realtime (Socket.IO) API as an AsyncAPI 3.0 document',
    tag: 'Meta',
    access: 'public',
    ok: {
      200: {
        description:
          'The AsyncAPI 3.0 document: every event with its payload schema, the rooms and how to join them, the acknowledgements, the trailing offset argument, the order of events and resuming after a reconnect.',
        schema: null,
      },
    },
  },
  {
    method: 'get',
    path: '/api/docs/realtime',
    summary: 'The realtime API for a person to read (HTML)',
    tag: 'Meta',
    access: 'public',
    ok: { 200: { description: 'An HTML page rendered from the AsyncAPI document.', schema: null } },
  },
];
