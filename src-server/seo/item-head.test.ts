import type { Context } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../src-common/schemas/offer';
import { createUser, postListing } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { itemHead } from './item-head';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const render = (path: string) =>
  itemHead('https://market.test', server.deps.catalogue, server.deps.market)({ path } as Context);

describe('item page link previews', () => {
  it('writes the title and Open Graph tags from the book and the last trade', async () => {
    const [seller, buyer] = [await createUser(server.config), await createUser(server.config)];
    const listing = await postListing(server.url, seller.token, { quantity: 2, silver: 1, copper: 500 });
    const api = http(server.url);
    const offer = await api.post<Offer>(
      '/api/offers',
      { listing_id: listing.id, offer_amount: 2_400, quantity: 1 },
      buyer.token,
    );
    await api.put(`/api/offers/${offer.body.id}`, { action: 'accept' }, seller.token);

    const head = await render('/item/Empty%20Gas%20Leech');
    const title = 'Empty Gas Leech: price, order book and history | Brighter Shores Market';
    expect(head).toContain(`<title>${title}</title>`);
    expect(head).toContain(`<meta property="og:title" content="${title}" />`);
    expect(head).toContain(
      '<meta name="description" content="Empty Gas Leech on the Brighter Shores market. Best ask 1s 500c, best bid none, last trade 2s 400c each; 1 trade in 24 h." />',
    );
    expect(head).toContain(
      '<meta property="og:url" content="https://market.test/item/Empty%20Gas%20Leech" />',
    );
    expect(head).toContain('<meta property="og:image" content="https://brightershoreswiki.org/images/');
  });

  it('leaves an unknown item, a malformed name and other pages to the static head', async () => {
    expect(await render('/item/No%20Such%20Thing')).toBeNull();
    expect(await render('/item/%E0%A4%A')).toBeNull();
    expect(await render('/market')).toBeNull();
  });
});
