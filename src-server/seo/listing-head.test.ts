import type { Context } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, postListing } from '../../tests/helpers/factories';
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

  it('renders nothing for other pages or a missing listing', async () => {
    expect(await render('/alllistings')).toBeNull();
    expect(await render('/listing/999999')).toBeNull();
    expect(await render('/listing/abc')).toBeNull();
  });
});
