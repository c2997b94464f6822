import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Offer } from '../../../src-common/schemas/offer';
import { signSessionToken } from '../../lib/tokens';
import { DigestStateModel, NotificationModel } from '../../models/notification';
import { UserModel } from '../../models/user';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { inbox, linkIn, mailsTo, pathOf, waitForMail, type CaughtMail } from '../../../tests/helpers/mailbox';
import { connectSocket, nextEvent } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

const WINDOW_SECONDS = 5;

let server: TestServer;
let api: ReturnType<typeof http>;
let mailUrl: string;

beforeAll(async () => {
  server = await startTestServer({ mail: true, env: { DIGEST_WINDOW_SECONDS: String(WINDOW_SECONDS) } });
  api = http(server.url);
  mailUrl = server.mail!.webUrl;
});
afterAll(() => server.stop());

const offerOn = async (listingId: number, buyer: TestUser, amount: number) => {
  const res = await api.post<Offer>(
    '/api/offers',
    { listing_id: listingId, offer_amount: amount },
    buyer.token,
  );
  expect(res.status).toBe(201);
  return res.body;
};
const lastSentAt = async (user: TestUser) =>
  (await DigestStateModel.findById(user.id).lean())!.lastSentAt.getTime();
const pendingOf = async (offerId: number) =>
  (await NotificationModel.findOne({ offerId }).lean())!.mailPending;
const header = (mail: CaughtMail, name: string) =>
  (mail as CaughtMail & { headers: Record<string, string> }).headers[name];

describe('email while away', () => {
  it('mails the first at once, then at most one digest per window with everything since', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const listing = await postListing(server.url, seller.token);
    const first = await offerOn(listing.id, buyer, 1_100);
    const mail1 = await waitForMail(mailUrl, seller.email, 1);
    expect(mail1.subject).toBe('1 offer update on Brighter Shores Market');
    expect(mail1.text).toContain(`${buyer.username} offered 1s 100c for your`);
    expect(linkIn(mail1, `/listing/${listing.id}`)).toBe(`${server.config.PUBLIC_URL}/listing/${listing.id}`);
    const sent1 = await lastSentAt(seller);
    // Marked mailed once the SMTP server took it, which may be a moment after MailDev shows it.
    await vi.waitFor(async () => expect(await pendingOf(first.id)).toBeUndefined());

    // Two more inside the window: they wait, and go out together in one digest once it has passed.
    const second = await offerOn(listing.id, buyer, 1_200);
    const third = await offerOn(listing.id, buyer, 1_300);
    const mail2 = await waitForMail(mailUrl, seller.email, 2);
    expect(mail2.subject).toBe('2 offer updates on Brighter Shores Market');
    expect(mail2.text).toContain('offered 1s 200c');
    expect(mail2.text).toContain('offered 1s 300c');
    expect((await lastSentAt(seller)) - sent1).toBeGreaterThanOrEqual(WINDOW_SECONDS * 1000);
    await vi.waitFor(async () => {
      expect(await pendingOf(second.id)).toBeUndefined();
      expect(await pendingOf(third.id)).toBeUndefined();
    });
    expect(mailsTo(await inbox(mailUrl), seller.email)).toHaveLength(2);
  });

  it('racing sweeps of the same due digest send one mail', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    // Sent within the window, so it is only pending until the sweeps below claim it.
    await DigestStateModel.create({ _id: seller.id, lastSentAt: new Date() });
    const listing = await postListing(server.url, seller.token);
    const offer = await offerOn(listing.id, buyer, 900);
    expect(await pendingOf(offer.id)).toBe(true);
    await DigestStateModel.updateOne({ _id: seller.id }, { $set: { lastSentAt: new Date(0) } });
    await Promise.all([1, 2, 3, 4].map(() => server.deps.digests.sweep()));
    await waitForMail(mailUrl, seller.email, 1);
    expect(mailsTo(await inbox(mailUrl), seller.email)).toHaveLength(1);
  });

  it('nothing is queued while a socket of the user is connected', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const socket = await connectSocket(server.url, seller.token);
    const listing = await postListing(server.url, seller.token);
    const heard = nextEvent(socket, 'notification', (n) => n.listingId === listing.id);
    const offer = await offerOn(listing.id, buyer, 900);
    await heard;
    socket.close();
    expect(await pendingOf(offer.id)).toBeUndefined();
  });

  it('nothing is queued when emailNotifications is off', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const off = await api.post('/api/auth/update-settings', { emailNotifications: false }, seller.token);
    expect(off.status).toBe(200);
    const listing = await postListing(server.url, seller.token);
    const offer = await offerOn(listing.id, buyer, 900);
    expect(await pendingOf(offer.id)).toBeUndefined();
  });

  it('a notification read before its digest is not mailed', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    await DigestStateModel.create({ _id: seller.id, lastSentAt: new Date() });
    const listing = await postListing(server.url, seller.token);
    const offer = await offerOn(listing.id, buyer, 900);
    const note = await NotificationModel.findOne({ offerId: offer.id }).lean();
    await api.post('/api/notifications/read', { ids: [note!._id] }, seller.token);
    expect(await pendingOf(offer.id)).toBeUndefined();
  });
});

describe('the unsubscribe link', () => {
  it('carries List-Unsubscribe headers; GET asks, POST turns emailNotifications off', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const listing = await postListing(server.url, seller.token);
    await offerOn(listing.id, buyer, 900);
    const mail = await waitForMail(mailUrl, seller.email, 1);
    const link = linkIn(mail, '/api/notifications/unsubscribe');
    expect(header(mail, 'list-unsubscribe')).toBe(`<${link}>`);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const asked = await api.get<string>(pathOf(link));
    expect(asked.status).toBe(200);
    expect(asked.body).toContain('Turn off email notifications');
    expect((await UserModel.findById(seller.id).lean())!.settings!.emailNotifications).toBe(true);

    // What a mail app's one-click button sends (RFC 8058).
    const res = await fetch(`${server.url}${pathOf(link)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Email notifications are off');
    const me = await api.get<{ settings: { emailNotifications: boolean } }>('/api/auth/me', seller.token);
    expect(me.body.settings.emailNotifications).toBe(false);
  });

  it('400 for a token that is not an unsubscribe token, and nothing changes', async () => {
    const user = await createUser(server.config);
    const session = signSessionToken(
      { id: user.id, username: user.username, sv: 0 },
      server.config.JWT_SECRET,
      '1h',
    );
    for (const token of ['nonsense', session]) {
      const path = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
      expect((await api.get(path)).status).toBe(400);
      expect((await api.post(path)).status).toBe(400);
    }
    expect((await UserModel.findById(user.id).lean())!.settings!.emailNotifications).toBe(true);
  });
});

// Last: it stops the server's digests.
describe('a graceful stop', () => {
  it('waits for a digest being sent, which then completes', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const listing = await postListing(server.url, seller.token);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const send = vi.spyOn(server.deps.mailer, 'send').mockImplementationOnce(() => held);
    const offer = await offerOn(listing.id, buyer, 900);
    await vi.waitFor(() => expect(send).toHaveBeenCalledOnce());

    let stopped = false;
    const stop = server.deps.digests.stop().then(() => (stopped = true));
    // The notification is still pending while its mail is with the SMTP server.
    expect(await pendingOf(offer.id)).toBe(true);
    expect(stopped).toBe(false);
    release();
    await stop;
    expect(await pendingOf(offer.id)).toBeUndefined();
  });
});
