/**
 * The realtime API's rules that no single event states (CommonMark): the AsyncAPI document's
 * description, and the first sections of the page that renders it.
 */
export const REALTIME_OVERVIEW = `Every change to listings, offers, trades and the market is pushed as it happens, over
[Socket.IO](https://socket.io/docs/v4/) v4 on the same origin and port as the REST API (default namespace
\`/\`, path \`/socket.io/\`). Any Socket.IO v4 client works: \`socket.io-client\` in JavaScript,
\`python-socketio\` in Python. The server speaks WebSocket and falls back to HTTP long-polling; behind
several server processes use the \`websocket\` transport only, unless the load balancer has sticky
sessions. The REST API is described at [/api/docs](/api/docs); this document is served as JSON at
[/api/asyncapi.json](/api/asyncapi.json).

## Connecting

Give the handshake \`auth: { token }\` (the \`HandshakeAuth\` schema):

- no token: a visitor's connection, which receives everything public and may watch listings, items and
  presence;
- a session token (\`POST /api/auth/login\`) or a personal access token (\`bsm_pat_…\`) with the \`read\`
  scope: the socket is also placed in its user's room and receives that user's \`notification\`,
  \`trade:updated\`, \`offer:message\` and the offer events of the user's own offers on any listing (a
  \`trade\`-only token connects like a visitor);
- a bad or expired token, or one whose sessions ended: the connection is refused with \`connect_error\`
  whose message is \`invalid_token\` (\`server_error\` if the check itself failed: retry).

The server disconnects a socket (reason \`io server disconnect\`, after which Socket.IO does not
reconnect by itself) when its session token expires, when its account's sessions end (log out
everywhere, a password change or reset, a suspension) and when its personal token is revoked. Connect
again with the token you now hold, or with none.

## One payload, then the offset

Every event has exactly one payload argument, a JSON object; a listing, offer, trade or notification in
it is exactly what REST answers for it. Objects may gain fields: ignore those you do not know.

Connection state recovery is on, so the server appends **one more argument** to every server-to-client
event: its **offset**, a string (a client that recovers its session sends the last one back;
\`socket.io-client\` does so and hides the argument). Other clients pass it to your handler:
python-socketio calls \`handler(payload, offset)\`, and a handler that takes one argument fails with a
\`TypeError\`. Take the payload and ignore the rest:

\`\`\`python
@sio.on('listing:updated')
def on_listing_updated(payload, *_offset):
    ...
\`\`\`

\`market:book\` carries no offset when the servers run as several processes (each sends it to its own
sockets only). Acknowledgements never carry one. Each message below says \`x-trailing-offset\`.

## Acknowledgements

Each client-to-server event takes the Socket.IO acknowledgement callback as its last argument, and the
server calls it once: \`{ ok: true, … }\` when done, or \`{ ok: false, error }\` with a reason a person
can read (each event lists its reasons). In python-socketio, \`await sio.call('listing:watch',
{'listingId': 12})\` returns it. The watch events need it to tell you they worked (and \`market:watch\`,
\`presence:watch\` answer data in it); the unwatch events work without it.

## Joining rooms

Every socket receives the events broadcast to everyone. The others go to rooms: a socket joins a
listing's, an item's or users' presence rooms by sending \`listing:watch\`, \`market:watch\` or
\`presence:watch\` and leaves with the matching unwatch; the server alone puts an authenticated socket in
its user's room. There is no event that joins a room by name. Rooms belong to a connection: a new
connection that is not a recovered one is in none of them (see Resuming).

## Order

- An event leaves the server only after the database write it describes has succeeded, sent by the
  code that made the write, never speculatively.
- One connection receives events in the order the server sent them.
- A change's live events go before the notifications that tell of it, which are writes of their own.
  An accept sends \`offer:updated\` (the accepted offer, to the listing's room and its maker's),
  \`listing:updated\` (its lower \`remainingQuantity\`, closed at 0), \`market:trade\`, and
  \`offer:updated\` for each pending offer that no longer fits; then \`notification\` \`offer_accepted\` to its buyer and \`offer_rejected\` to each
  rejected offer's buyer. So when a \`notification\` arrives, a socket that watches the listing already
  holds everything the notification tells of. The same holds for making an offer (\`offer:created\`,
  then \`offer_received\`), cancelling one (\`offer:deleted\`, then \`offer_cancelled\`), closing or editing
  a listing, a thread message (\`offer:message\`, then \`offer_message\`) and trades (\`trade:updated\`,
  then \`trade_updated\` or \`feedback_received\`).
- \`market:book\` is coalesced: it follows its change by up to 250 ms, after the change's other live
  events, before or after its notifications.
- Every listing, offer and trade carries \`version\`, an integer that grows by one with each change.
  Events for one entity are sent in version order, but a client that also reads REST can see an answer
  and an event in either order: **apply one only if its \`version\` is greater than the one you hold**
  (equal means a duplicate). After \`listing:deleted\` or \`offer:deleted\`, ignore later events for that
  id.
- There is no order between different listings' events written through different server processes,
  nor between one user's presence changes seen by different processes (apply the latest you received).

## Resuming after a reconnect

If a connection drops for less than two minutes, a client with recovery support (\`socket.io-client\`)
resumes the same session: \`socket.recovered\` is true, its rooms are kept, and the events it missed
arrive in order before new ones. The token is checked again: a session whose token expired or whose
sessions ended meanwhile is not recovered, and a reconnect with another token (or none) is not given the
previous user's room.

When the session is not recovered (\`socket.recovered\` false: a longer outage, a server restart, or a
client without recovery support such as python-socketio, which is never recovered):

1. send \`listing:watch\`, \`market:watch\` and \`presence:watch\` again for what you follow;
2. refetch what you show over REST (\`GET /api/listings\`, \`GET /api/offers/listing/{id}\`,
   \`GET /api/notifications\`, \`GET /api/trades\`), and use the book and the presence the acks carry;
3. apply the version rule to both, and nothing is lost.

Even a recovered session may miss \`market:book\` behind several server processes: send \`market:watch\`
again after every reconnect.
`;
