import type { Context } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../src-common/schemas/offer';
import { createUser, postListing } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { listingHead } from './listing-head';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const render = (path: string) =>
  listingHead('https://market.test', server.deps.listings)({ path } as Context);

describe('listing link previews', () => {
  it('writes title, description, Open Graph and Twitter tags from the listing', async () => {
    const user = await createUser(server.config, { username: 'Bob<Trader>' });
    const listing = await postListing(server.url, user.token, { quantity: 3, gold: 1, silver: 250 });
    const head = await render(`/listing/${listing.id}`);
    const title = 'Selling 3 x Empty Gas Leech for 1g 250s each | Brighter Shores Market';
    expect(head).toContain(`<title>${title}</title>`);
    expect(head).toContain(
      '<meta name="description" content="Bob&lt;Trader&gt; is selling 3 x Empty Gas Leech at 1g 250s each (3g 750s in total)." />',
    );
    expect(head).toContain(`<meta property="og:title" content="${title}" />`);
    expect(head).toContain(`<meta property="og:url" content="https://market.test/listing/${listing.id}" />`);
    expect(head).toContain('<meta property="og:image" content="https://brightershoreswiki.org/images/');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).not.toContain('<Trader>');
  });

  it('offers what remains of a partly traded listing, and says a closed one takes no more offers', async () => {
    const api = http(server.url);
    const [seller, buyer] = [await createUser(server.config), await createUser(server.config)];
    const title = async (id: number) => /<title>(.*)<\/title>/.exec((await render(`/listing/${id}`))!)?.[1];
    const description = async (id: number) =>
      /<meta name="description" content="(.*)" \/>/.exec((await render(`/listing/${id}`))!)?.[1];
    const accept = async (listingId: number, quantity?: number) => {
      const offer = await api.post<Offer>(
        '/api/offers',
        { listing_id: listingId, offer_amount: 1_000, ...(quantity ? { quantity } : {}) },
        buyer.token,
      );
      expect((await api.put(`/api/offers/${offer.body.id}`, { action: 'accept' }, seller.token)).status).toBe(
        200,
      );
    };

    const selling = await postListing(server.url, seller.token, { quantity: 20, gold: 3, silver: 0 });
    await accept(selling.id, 5);
    expect(await title(selling.id)).toBe('Selling 15 x Empty Gas Leech for 3g each | Brighter Shores Market');
    expect(await description(selling.id)).toMatch(
      / is selling 15 x Empty Gas Leech at 3g each \(45g in total\)\.$/,
    );
    await api.post(`/api/listings/${selling.id}/close`, undefined, seller.token);
    expect(await title(selling.id)).toBe('Closed: 20 x Empty Gas Leech for 3g each | Brighter Shores Market');
    expect(await description(selling.id)).toBe(
      `${seller.username}&#39;s listing of 20 x Empty Gas Leech at 3g each is closed and no longer takes offers.`,
    );

    const buying = await postListing(server.url, seller.token, {
      type: 'buy',
      quantity: 2,
      gold: 1,
      silver: 0,
    });
    await accept(buying.id);
    expect(await title(buying.id)).toBe('Bought: 2 x Empty Gas Leech for 1g each | Brighter Shores Market');
  });

  it('renders nothing for other pages or a missing listing', async () => {
    expect(await render('/alllistings')).toBeNull();
    expect(await render('/listing/999999')).toBeNull();
    expect(await render('/listing/abc')).toBeNull();
  });
});
