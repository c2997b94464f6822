import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { openLive, useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser } from '../helpers/e2e-session';
import { deleteListingAs, postListingAs, uniqueTag, updateListingAs } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';

const baseUrl = inject('baseUrl');
const browser = useBrowserAndAppDatabase();
let seller: TestUser;

beforeAll(async () => {
  seller = await createE2eUser();
});

const cards = (page: Page) => page.getByRole('article');
const sword = (notes: string) =>
  ({ item: 'Rapier', type: 'sell', quantity: 1, silver: 10, priceMode: 'Each', notes }) as const;

describe('the listing browser, live', () => {
  it('shows a new listing without a reload, and drops it when an edit stops it matching or it is deleted', async () => {
    const tag = uniqueTag('live');
    const page = await openLive(browser(), null, `/alllistings?q=${tag}`);
    await page.getByText('No listings found.').waitFor();

    const first = await postListingAs(seller, sword(`first ${tag}`));
    await page.getByText('1 Active Listing').waitFor();
    const card = page.getByRole('article', { name: 'Rapier' });
    await card.getByText(`first ${tag}`).waitFor();
    expect(await card.getAttribute('class')).toContain('is-fresh');

    await updateListingAs(seller, first.id, sword('no longer tagged'));
    await page.getByText('No listings found.').waitFor();
    await page.getByText('0 Active Listings').waitFor();

    const second = await postListingAs(seller, sword(`second ${tag}`));
    await page.getByText(`second ${tag}`).waitFor();
    await deleteListingAs(seller, second.id);
    await page.getByText('No listings found.').waitFor();
    await page.context().close();
  });

  it('pages past 150 results with Show More, each page appended, while listings arrive and leave', async () => {
    const tag = uniqueTag('many');
    const posted: { id: number }[] = [];
    // One after the other, so the newest-first order is n159 ... n0.
    for (let i = 0; i < 160; i += 1) posted.push(await postListingAs(seller, sword(`${tag} n${i} z`)));
    const page = await openLive(browser(), null, `/alllistings?q=${tag}`);
    await page.getByText('160 Active Listings').waitFor();
    const more = page.getByRole('button', { name: /^Show More/ });
    let clicks = 0;
    while ((await more.count()) > 0) {
      const shown = await cards(page).count();
      await more.click();
      await expect.poll(() => cards(page).count()).toBeGreaterThan(shown);
      clicks += 1;
      if (clicks === 11) {
        // 120 shown: one new listing arrives at the top (pushing the 120th to the next page, as a fresh
        // load of 120 would), and one already shown is deleted: 119 shown, 41 to go in 5 more pages.
        await postListingAs(seller, sword(`${tag} late z`));
        await deleteListingAs(seller, posted[150].id);
        await page.getByText(`${tag} late z`).waitFor();
        await expect.poll(() => page.getByText(`${tag} n150 z`).count()).toBe(0);
      }
    }
    expect(clicks).toBe(16);
    expect(await page.getByText('Failed to load listings').count()).toBe(0);
    await page.getByText('160 Active Listings').waitFor();
    const notes = (await cards(page).allTextContents()).map((t) => /(n\d+|late) z/.exec(t)?.[1]);
    const expected = [
      'late',
      ...Array.from({ length: 160 }, (_, i) => `n${159 - i}`).filter((n) => n !== 'n150'),
    ];
    expect(notes).toEqual(expected);
    await page.context().close();
  });

  it('keeps the Show More depth when listings arrive', async () => {
    const tag = uniqueTag('deep');
    for (let i = 0; i < 12; i += 1) await postListingAs(seller, sword(`${tag} number ${i}`));
    const page = await openLive(browser(), null, `/alllistings?q=${tag}`);
    await page.getByText('12 Active Listings').waitFor();
    expect(await cards(page).count()).toBe(10);
    await page.getByRole('button', { name: 'Show More (2 remaining)' }).click();
    await page.getByText(`${tag} number 0`).waitFor();
    expect(await cards(page).count()).toBe(12);

    await postListingAs(seller, sword(`${tag} number 12`));
    await page.getByText('13 Active Listings').waitFor();
    expect(await cards(page).count()).toBe(13);
    expect(await cards(page).first().textContent()).toContain(`${tag} number 12`);
    expect(await page.getByRole('button', { name: /^Show More/ }).count()).toBe(0);
    await page.context().close();
  });

  it('a listing edited elsewhere updates on its detail page, and a deleted one says so', async () => {
    const tag = uniqueTag('detail');
    const listing = await postListingAs(seller, sword(`before ${tag}`));
    const page = await openLive(browser(), null, `/listing/${listing.id}`);
    await page.getByText(`before ${tag}`).waitFor();
    await updateListingAs(seller, listing.id, { ...sword(`after ${tag}`), quantity: 4 });
    await page.getByText(`after ${tag}`).waitFor();
    await page.getByText('Quantity: 4').waitFor();
    await deleteListingAs(seller, listing.id);
    await page.getByRole('heading', { name: 'Listing Not Found' }).waitFor();
    await page.getByText('This listing has just been deleted by its owner.').waitFor();
    await page.context().close();
  });

  it('refetches what it shows after a reconnect that could not recover the missed events', async () => {
    const tag = uniqueTag('gap');
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const connections: WebSocketRoute[] = [];
    let reopen = () => {};
    const reopened = new Promise<void>((resolve) => (reopen = resolve));
    // The first connection passes through. The next one waits until a listing was posted meanwhile, and its
    // handshake loses the session id, so the server cannot replay what the page missed.
    await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
      const later = connections.length > 0;
      connections.push(ws);
      if (later) await reopened;
      const server = ws.connectToServer();
      ws.onMessage((message) =>
        server.send(later && typeof message === 'string' ? withoutRecovery(message) : message),
      );
    });
    await page.goto(`${baseUrl}/alllistings?q=${tag}`);
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    await page.getByText('No listings found.').waitFor();

    await connections[0].close();
    await page.getByRole('status', { name: 'Connection: Reconnecting...' }).waitFor();
    await postListingAs(seller, sword(`missed ${tag}`));
    reopen();
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    await page.getByText(`missed ${tag}`).waitFor();
    await page.getByText('1 Active Listing').waitFor();
    await context.close();
  });
});

/** A Socket.IO CONNECT packet ("40{auth}") without the recovery fields. */
function withoutRecovery(message: string): string {
  if (!message.startsWith('40')) return message;
  const auth = JSON.parse(message.slice(2) || '{}') as Record<string, unknown>;
  delete auth.pid;
  delete auth.offset;
  return `40${JSON.stringify(auth)}`;
}
