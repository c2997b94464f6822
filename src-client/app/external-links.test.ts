import { describe, expect, it } from 'vitest';
import { clientConfig } from '../../tests/helpers/client-config';
import { configuredLinks, SIDEBAR_LINK_IDS } from './external-links';

describe('configuredLinks (which outbound links are shown)', () => {
  it('shows none before the server has answered', () => {
    expect(configuredLinks(null, SIDEBAR_LINK_IDS)).toEqual([]);
  });

  it('leaves out every link the server has no address for', () => {
    const links = configuredLinks(clientConfig({ wiki: 'https://wiki.example.test' }), SIDEBAR_LINK_IDS);
    expect(links.map((link) => link.id)).toEqual(['wiki']);
  });

  it("takes each address from the server and the words from the client, in the caller's order", () => {
    const links = configuredLinks(
      clientConfig({
        syncBot: 'https://discord.com/oauth2/authorize?client_id=424242',
        communityChat: 'https://discord.gg/test',
      }),
      ['communityChat', 'syncBot'],
    );
    expect(links).toEqual([
      expect.objectContaining({
        id: 'communityChat',
        href: 'https://discord.gg/test',
        label: 'Community Discord',
      }),
      expect.objectContaining({
        id: 'syncBot',
        href: 'https://discord.com/oauth2/authorize?client_id=424242',
        label: 'Add the Sync Bot',
      }),
    ]);
  });
});
