import { describe, expect, it } from 'vitest';
import { digestMail } from '../../lib/mail-templates';
import { composeDigest } from './compose-digest';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 20, minute));

describe('composeDigest', () => {
  it('lists every item oldest first, each with an absolute link on the public site', () => {
    const digest = composeDigest(
      [
        {
          kind: 'offer_accepted',
          message: 'Your offer on Ore was accepted',
          link: '/listing/4',
          createdAt: at(9),
        },
        {
          kind: 'offer_received',
          message: 'Ann offered 5c for your Ore',
          link: '/listing/3',
          createdAt: at(1),
        },
      ],
      'https://market.example',
    );
    expect(digest.items).toEqual([
      { message: 'Ann offered 5c for your Ore', url: 'https://market.example/listing/3', at: at(1) },
      { message: 'Your offer on Ore was accepted', url: 'https://market.example/listing/4', at: at(9) },
    ]);
  });

  it('counts offer updates and saved-search matches in the subject', () => {
    const item = (kind: 'offer_received' | 'saved_search_match', minute: number) => ({
      kind,
      message: 'x',
      link: '/alllistings?q=ore&type=sell',
      createdAt: at(minute),
    });
    expect(composeDigest([item('offer_received', 1)], 'http://h').subject).toBe(
      '1 offer update on Brighter Shores Market',
    );
    expect(
      composeDigest([item('saved_search_match', 1), item('saved_search_match', 2)], 'http://h').subject,
    ).toBe('2 saved search matches on Brighter Shores Market');
    const mixed = composeDigest([item('offer_received', 1), item('saved_search_match', 2)], 'http://h');
    expect(mixed.subject).toBe('1 offer update and 1 saved search match on Brighter Shores Market');
    expect(mixed.items[1].url).toBe('http://h/alllistings?q=ore&type=sell');
  });
});

describe('digestMail', () => {
  const digest = composeDigest(
    [{ kind: 'offer_received', message: '<b>Eve</b> offered 5c', link: '/listing/3', createdAt: at(1) }],
    'https://market.example',
  );
  const mail = digestMail(
    'ann@example.test',
    'Ann',
    digest,
    'https://market.example/api/notifications/unsubscribe?token=t',
  );

  it('carries the one-click unsubscribe headers (RFC 8058)', () => {
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://market.example/api/notifications/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('escapes the messages in HTML and spells out each link and the unsubscribe link in text', () => {
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt; offered 5c');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.text).toContain('- <b>Eve</b> offered 5c\n  https://market.example/listing/3');
    expect(mail.text).toContain(
      'To stop these emails, open: https://market.example/api/notifications/unsubscribe?token=t',
    );
  });
});
